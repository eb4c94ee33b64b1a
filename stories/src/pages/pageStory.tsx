/**
 * What every page story shares: the whole app (`App` from form-app's index) started at a route,
 * and a loader that gives the story its own mocked server before the app renders: MSW's
 * handlers for the story's applicant, the session marker cookie set or cleared (the app reads it
 * once, when it starts), and no visitor answers left from the story before.
 */
import { App } from '@admit/form-app';
import { type Decorator, type Loader, type Meta } from '@storybook/react-vite';

import { createMockApi, type MockApi, setMarkerCookie, startWorker } from './mockApi.ts';
import { type ScenarioName, scenarios } from './scenarios.ts';

declare module 'storybook/internal/types' {
  interface Parameters {
    /** Page stories: where the applicant stands when the story opens. */
    applicant?: ScenarioName;
  }
}

/** Gives the story its server; the story's `play` reads it as `loaded.api`. */
export const mockApiLoader: Loader = async ({ parameters }) => {
  const applicant = scenarios[parameters.applicant ?? 'visitor'];
  const api = createMockApi(applicant);
  const worker = await startWorker();
  worker.resetHandlers(...api.handlers);
  setMarkerCookie(applicant.loggedIn);
  sessionStorage.clear();
  return { api };
};

/** The mocked server a story's loader made (`context.loaded`). */
export function mockApiOf(loaded: Record<string, unknown>): MockApi {
  const api = loaded.api as MockApi | undefined;
  if (api === undefined) throw new Error('the story has no mocked API: is mockApiLoader set?');
  return api;
}

/** A new app for each route: the router reads `initialPath` only when it starts. */
const remountOnRoute: Decorator<{ initialPath?: string }> = (Story, { args }) => (
  <Story key={args.initialPath} />
);

/**
 * The meta of a page story file: the app, fullscreen. Each file also sets `tags: ['!autodocs']`
 * itself (Storybook's indexer reads a file's tags without running it).
 */
export const pageMeta = {
  component: App,
  loaders: [mockApiLoader],
  decorators: [remountOnRoute],
  parameters: { layout: 'fullscreen', applicant: 'visitor' },
  argTypes: {
    initialPath: {
      control: 'text',
      description: 'The route the app opens at (SPEC §2), with its query string',
    },
  },
} satisfies Partial<Meta<typeof App>>;
