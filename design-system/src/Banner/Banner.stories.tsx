import { type Meta, type StoryObj } from '@storybook/react-vite';
import { type MouseEvent } from 'react';
import { fn } from 'storybook/test';

import { Banner } from './Banner';

const meta = {
  title: 'Feedback/Banner',
  component: Banner,
  args: {
    state: 'firstLogin',
    loginHref: '/login',
    // A story has nowhere to go: stay on the page, as the app's router would.
    onLogin: fn((event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
    }),
  },
  argTypes: {
    state: {
      control: 'inline-radio',
      options: ['submitted', 'firstLogin', 'returning', 'notLoggedIn'],
    },
  },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** SPEC §1: after submitting: thanks, and finish the remaining steps. */
export const Submitted: Story = { args: { state: 'submitted' } };

/** SPEC §1: the first login. */
export const FirstLogin: Story = { args: { state: 'firstLogin' } };

/** SPEC §1: a returning login. */
export const Returning: Story = { args: { state: 'returning' } };

/** SPEC §1: a visitor previewing the form, with a link to log in. */
export const NotLoggedIn: Story = { args: { state: 'notLoggedIn' } };

/** The texts are the app's to change. */
export const CustomText: Story = {
  args: {
    state: 'returning',
    title: 'Welcome back, Ada!',
    message: 'Your Personal Info is complete. Academic History is next.',
  },
};

export const Themed: Story = {
  args: { state: 'notLoggedIn' },
  globals: { theme: 'example' },
};
