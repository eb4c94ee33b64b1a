// @admit/form-model/api: the API contract (SPEC §7), schemas and the types derived from them.
// Apart from the main index so that the browser, which imports only its types, never loads
// TypeBox.
export * from './contract.ts';
export { type DerivedWebStatus, WEB_STATUSES, type WebStatus } from '../status/webStatus.ts';
