// What Storybook and the tests import: the app with its page data given, and the data's shape.
export { OfficeApp, OFFICE_BASE } from './App.tsx';
export { OFFICE_PAGE_ELEMENT_ID, type OfficePage } from './pageData.ts';
export { OFFICE_LANGUAGES } from './messages.ts';
export type * from './api/types.ts';
