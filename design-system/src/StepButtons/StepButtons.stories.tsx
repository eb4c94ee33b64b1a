import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { type StepAction, StepButtons, type StepButtonsProps } from './StepButtons';

/** Marks an action busy for a moment after a press, the way a save round trip would. */
function SavingStepButtons(props: StepButtonsProps) {
  const [busy, setBusy] = useState<StepAction | undefined>(props.busy);
  function pressed(action: StepAction, handler: (() => void) | undefined) {
    if (!handler) return undefined;
    return () => {
      handler();
      setBusy(action);
      setTimeout(() => {
        setBusy(undefined);
      }, 1500);
    };
  }
  return (
    <StepButtons
      {...props}
      busy={busy}
      onPrevious={pressed('previous', props.onPrevious)}
      onSave={pressed('save', props.onSave)}
      onContinue={pressed('continue', props.onContinue)}
      onSubmit={pressed('submit', props.onSubmit)}
    />
  );
}

const meta = {
  title: 'Navigation/StepButtons',
  component: StepButtons,
  args: {
    onPrevious: fn(),
    onSave: fn(),
    onContinue: fn(),
  },
  argTypes: {
    busy: {
      control: 'inline-radio',
      options: [undefined, 'previous', 'save', 'continue', 'submit'],
    },
  },
} satisfies Meta<typeof StepButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A middle step (Academic History): Previous, Save, Save and Continue. */
export const Default: Story = {};

/** The first step (Personal Info) has nothing to go back to. */
export const FirstStep: Story = {
  args: { onPrevious: undefined },
};

/** The last step (Submit) submits instead of continuing. */
export const LastStep: Story = {
  args: { onContinue: undefined, onSubmit: fn() },
};

/** Saving: the Save button spins and every button waits. */
export const Saving: Story = {
  args: { busy: 'save' },
};

/** Saving before moving on: Save and Continue spins. */
export const Continuing: Story = {
  args: { busy: 'continue' },
};

export const Submitting: Story = {
  args: { onContinue: undefined, onSubmit: fn(), busy: 'submit' },
};

/** Press a button to see it busy for a moment, as during a real save. */
export const SaveRoundTrip: Story = {
  render: (args) => <SavingStepButtons {...args} />,
};

export const Disabled: Story = {
  args: { disabled: true },
};

/** SPEC §9: on a 375 px phone Previous and Save share a row; the main action spans it. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
};

export const Themed: Story = {
  args: { onContinue: undefined, onSubmit: fn() },
  globals: { theme: 'example' },
};

/**
 * Spanish on a 375 px phone: "Guardar y continuar" is the longest label of the row and stays
 * whole on its own line; "Anterior" and "Guardar" share theirs.
 */
export const Spanish: Story = {
  globals: { language: 'es', viewport: { value: 'mobile' } },
};

/** Spanish on the last step: "Enviar" where the English says "Submit". */
export const SpanishLastStep: Story = {
  args: { onContinue: undefined, onSubmit: fn() },
  globals: { language: 'es' },
};
