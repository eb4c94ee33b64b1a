/**
 * The modules the build makes of the college (form-app/tenantPlugin.ts), by the ids they are
 * imported as: its settings, steps and first page; its other pages, fetched on demand.
 */
export const TENANT_MODULE = 'virtual:admit-tenant';
export const TENANT_PAGES_MODULE = 'virtual:admit-tenant/pages';
/** Every language's app messages (form-app/cataloguePlugin.ts): the prerender and Storybook. */
export const CATALOGUES_MODULE = 'virtual:admit-catalogues';
/** The language this page is in, and its messages (form-app/cataloguePlugin.ts). */
export const LANGUAGE_MODULE = 'virtual:admit-language';
/** The browser build's files of each message area in each language (src/messageAreas.ts). */
export const MESSAGE_AREAS_MODULE = 'virtual:admit-message-areas';
