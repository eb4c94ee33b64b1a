// @admit/server: the API, its adapters and its start-up, for main.ts, tests, benches and the CLI.
import { type PrintModel } from '@admit/form-model';

import { pdfChrome } from './services/pdf/chrome.ts';
import { type PdfChrome } from './services/pdf/meta.ts';
import { type ApplicationPdfMeta, type AttachmentPdf } from './services/pdf.ts';
import {
  renderTypstApplicationPdf as renderTypst,
  type TypstPdfLook,
  type TypstPdfOptions,
} from './services/pdf/typst/render.ts';

export { buildApp, type AppDeps } from './app.ts';
export { type Config, ConfigError, readConfig } from './config.ts';
export { type Db, migrate, openDatabase } from './db/database.ts';
export { type EmbeddedDatabase, runningEmbeddedUrl, startEmbeddedDatabase } from './db/embedded.ts';
export { type Clock, systemClock } from './services/clock.ts';
export { createOffice, type OfficeFilters } from './services/office.ts';
export { parseDataKeys } from './services/dataKeys.ts';
export { createSsnVault } from './services/ssn.ts';
export {
  type HeldDocument,
  renderSite,
  renderSites,
  type Site,
  type Sites,
} from './plugins/app/site.ts';
export { type ApplicationPdfMeta, type AttachmentPdf } from './services/pdf.ts';
export { collegeLanguagesOf, type CollegeLanguages } from './services/college.ts';
export { pdfChrome };
export { type TypstPdfLook, type TypstPdfOptions };

/**
 * The application PDF typeset in this thread (benches, checks), its own words in `language`
 * (English unless said) when `meta.chrome` does not give them.
 */
export function renderTypstApplicationPdf(
  model: PrintModel,
  meta: Omit<ApplicationPdfMeta, 'chrome'> & { chrome?: PdfChrome },
  attachments?: readonly AttachmentPdf[],
  look?: TypstPdfLook,
  options?: TypstPdfOptions,
  language = 'en',
): Promise<Uint8Array> {
  return renderTypst(
    model,
    { ...meta, chrome: meta.chrome ?? pdfChrome(language, meta) },
    attachments,
    look,
    options,
  );
}
