import { yesNo } from '@admit/form-model';
import { Box } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';

import { RadioGroupInput } from '../RadioGroupInput';
import { Notice, type NoticeProps } from './Notice';

/** SPEC §5: what a STOP message says (Gallatin's wording). */
const STOP_PREVIOUS_GALLATIN =
  'STOP: You have attended Gallatin College before. Please contact the Admissions Office to return as a continuing student instead of applying again.';

/** The question whose "Yes" brings the stop notice in, as on the About page (SPEC §5). */
function NoticeAfterAnswer(props: NoticeProps) {
  const [answer, setAnswer] = useState('');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <RadioGroupInput
        id="prev_gallatin"
        label="Have you attended Gallatin College before?"
        options={yesNo}
        value={answer}
        onChange={setAnswer}
        row
      />
      {answer === 'Y' && <Notice {...props} />}
    </Box>
  );
}

const meta = {
  title: 'Feedback/Notice',
  component: Notice,
  args: {
    tone: 'note',
    title: 'Before you start',
    children:
      'You will need your high school transcript and your test scores. Your answers are saved each time you continue.',
  },
  argTypes: {
    tone: { control: 'inline-radio', options: ['note', 'stop'] },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4, 5] },
    children: { control: 'text' },
  },
} satisfies Meta<typeof Notice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A note: information, named by its title. */
export const Default: Story = {};

/** A note with no heading: an unnamed note. */
export const NoteWithoutTitle: Story = {
  args: {
    title: undefined,
    children: 'Enter your name as it appears on your high school transcript.',
  },
};

/** SPEC §5: a STOP message, titled as the tenant config titles it. */
export const Stop: Story = {
  args: { tone: 'stop', title: 'Please stop here', children: STOP_PREVIOUS_GALLATIN },
};

/** A stop notice without a title is headed "Stop". */
export const StopWithoutTitle: Story = {
  args: { tone: 'stop', title: undefined, children: STOP_PREVIOUS_GALLATIN },
};

/** A stop title without the word gets "Stop:" in front: the warning never rests on colour. */
export const StopWithOtherTitle: Story = {
  args: { tone: 'stop', title: 'Contact Admissions', children: STOP_PREVIOUS_GALLATIN },
};

/** SPEC §5: answering "Yes" brings the stop notice in, and a screen reader hears it. */
export const StopAppearing: Story = {
  args: { tone: 'stop', title: 'Please stop here', children: STOP_PREVIOUS_GALLATIN },
  render: (args) => <NoticeAfterAnswer {...args} />,
};

export const Themed: Story = {
  globals: { theme: 'example' },
};

export const ThemedStop: Story = {
  args: { tone: 'stop', title: 'Please stop here', children: STOP_PREVIOUS_GALLATIN },
  globals: { theme: 'example' },
};
