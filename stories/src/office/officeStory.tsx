/**
 * What every office story shares: the office app (`OfficeApp` from office-app's index) started
 * at a route with Gallatin's page data, and a loader that gives the story its own mocked office
 * API (MSW) before the app renders.
 */
import { OfficeApp } from '@admit/office-app';
import { type Decorator, type Loader, type Meta } from '@storybook/react-vite';

import {
  APPLICATIONS,
  AUDIT_ROWS,
  type MockOffice,
  OFFICE_PAGE,
  type OfficeState,
  startMockOffice,
} from './mockOffice.ts';

declare module 'storybook/internal/types' {
  interface Parameters {
    /** Office stories: who is signed in and what the office holds. */
    office?: Partial<OfficeState>;
  }
}

export const mockOfficeLoader: Loader = async ({ parameters }) => {
  const office = await startMockOffice({
    role: 'officer',
    applications: APPLICATIONS,
    audit: AUDIT_ROWS,
    ...parameters.office,
  });
  return { office };
};

export function mockOfficeOf(loaded: Record<string, unknown>): MockOffice {
  const office = loaded.office as MockOffice | undefined;
  if (office === undefined)
    throw new Error('the story has no mocked office: is mockOfficeLoader set?');
  return office;
}

const remountOnRoute: Decorator<{ initialPath?: string }> = (Story, { args }) => (
  <Story key={args.initialPath} />
);

export const officeMeta = {
  component: OfficeApp,
  args: { page: OFFICE_PAGE },
  loaders: [mockOfficeLoader],
  decorators: [remountOnRoute],
  parameters: { layout: 'fullscreen' },
  argTypes: {
    page: { control: false },
    initialPath: {
      control: 'text',
      description: 'The office route the app opens at, with its query string',
    },
  },
} satisfies Partial<Meta<typeof OfficeApp>>;

/** How long a story waits for the office's first data. */
export const LOADED = { timeout: 20_000 };

/**
 * A story at a phone's width (375 px: preview.tsx's `mobile` viewport), in Storybook, in its
 * Vitest run and in Chromatic's snapshot, where the office's tables become lists.
 */
export const PHONE = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: { chromatic: { modes: { phone: { viewport: 375 } } } },
};
