import { type Meta, type StoryObj } from '@storybook/react-vite';
import { type MouseEvent, useState } from 'react';
import { fn } from 'storybook/test';

import { StepNavigation, type StepNavigationProps } from './StepNavigation';

/** SPEC §2: the form's three steps and their routes. */
const formSteps = [
  { id: 'about', label: 'Personal Info', href: '/about' },
  { id: 'education', label: 'Academic History', href: '/education' },
  { id: 'final-steps', label: 'Submit', href: '/final-steps' },
];

/** Moves the highlight the way the app's router would. */
function RoutedStepNavigation(props: StepNavigationProps) {
  const [current, setCurrent] = useState(props.current);
  return (
    <StepNavigation
      {...props}
      current={current}
      onNavigate={(id, event) => {
        props.onNavigate?.(id, event);
        setCurrent(id);
      }}
    />
  );
}

const meta = {
  title: 'Navigation/StepNavigation',
  component: StepNavigation,
  // Remount when the current control changes, so the control and the highlight agree.
  render: (args) => <RoutedStepNavigation key={args.current} {...args} />,
  args: {
    steps: formSteps,
    current: 'about',
    // The stories stay on their page: the app would route here instead.
    onNavigate: fn((_id: string, event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
    }),
  },
  argTypes: {
    current: { control: 'inline-radio', options: formSteps.map((step) => step.id) },
  },
} satisfies Meta<typeof StepNavigation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2: /about is the default route, so Personal Info is current. */
export const Default: Story = {};

export const AcademicHistory: Story = {
  args: { current: 'education' },
};

export const SubmitStep: Story = {
  args: { current: 'final-steps' },
};

/** The app's router renders the links (here hash routes, as a router's `Link` would). */
export const WithRouterLinks: Story = {
  args: {
    renderLink: ({ href, ...link }) => <a {...link} href={`#${href}`} />,
  },
};

/** SPEC §9: still usable on a 375 px phone; the steps wrap instead of overflowing. */
export const Mobile: Story = {
  args: { current: 'education' },
  globals: { viewport: { value: 'mobile' } },
};

export const Themed: Story = {
  args: { current: 'education' },
  globals: { theme: 'example' },
};
