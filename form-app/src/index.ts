/**
 * What other packages may use of the app: Storybook's page stories render the whole `App` at a
 * route (`initialPath`) against a mocked API, typed by the API's payloads. The SPA itself starts
 * from main.tsx, not from here.
 */
export { App } from './App.tsx';
export type * from './api/types.ts';
