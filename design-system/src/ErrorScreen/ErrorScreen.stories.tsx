import { Button } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';

import { ErrorScreen } from './ErrorScreen';

const meta = {
  title: 'Feedback/ErrorScreen',
  component: ErrorScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §8: the root error screen, word for word. */
export const Default: Story = {};

/** With an action the app offers, e.g. reloading. */
export const WithAction: Story = {
  args: {
    children: <Button variant="contained">Reload the page</Button>,
  },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};
