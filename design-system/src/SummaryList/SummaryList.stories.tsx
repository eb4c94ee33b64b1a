import { type Meta, type StoryObj } from '@storybook/react-vite';

import { SummaryList } from './SummaryList';

const change = (hiddenText: string, href: string) => ({ href, text: 'Change', hiddenText });

const meta = {
  title: 'Layout/SummaryList',
  component: SummaryList,
  args: {
    rows: [
      { key: 'First Name', value: 'Ada', action: change('First Name', '/about#first_name') },
      { key: 'Last Name', value: 'Lovelace', action: change('Last Name', '/about#last_name') },
      {
        key: 'Social Security Number',
        value: 'XXX-XX-6789',
        action: change('Social Security Number', '/about#ssn'),
      },
      {
        key: 'Which of these apply to you?',
        value: ['I am a veteran', 'I am a first-generation student'],
        action: change('Which of these apply to you?', '/about#demographics'),
      },
    ],
  },
} satisfies Meta<typeof SummaryList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Questions and answers, each with a "Change" link to its field. */
export const Default: Story = {};

/** Without actions: answers to read only. */
export const WithoutActions: Story = {
  args: {
    rows: [
      { key: 'First Name', value: 'Ada' },
      { key: 'Last Name', value: 'Lovelace' },
    ],
  },
};

/** A long answer wraps inside its column (an essay, an address without spaces). */
export const LongAnswer: Story = {
  args: {
    rows: [
      {
        key: 'Why do you want to study here?',
        value:
          'Because the mountains are close, the classes are small, and the welding programme is the best in the state.\nAlso: https://example.edu/a-very-long-address-without-any-space-in-it-at-all',
        action: change('Why do you want to study here?', '/final-steps#essay'),
      },
    ],
  },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};
