// @admit/server: the API, its adapters and its start-up, for main.ts, tests, benches and the CLI.
export { buildApp, type AppDeps } from './app.ts';
export { type Config, ConfigError, readConfig } from './config.ts';
export { type Db, migrate, openDatabase } from './db/database.ts';
export { type EmbeddedDatabase, runningEmbeddedUrl, startEmbeddedDatabase } from './db/embedded.ts';
export { type Clock, systemClock } from './services/clock.ts';
export { createOffice, type OfficeFilters } from './services/office.ts';
export { parseDataKeys } from './services/dataKeys.ts';
export { createSsnVault } from './services/ssn.ts';
export { type HeldDocument, renderSite, type Site } from './plugins/app/site.ts';
export { type ApplicationPdfMeta, type AttachmentPdf } from './services/pdf.ts';
export {
  renderTypstApplicationPdf,
  type TypstPdfLook,
  type TypstPdfOptions,
} from './services/pdf/typst/render.ts';
