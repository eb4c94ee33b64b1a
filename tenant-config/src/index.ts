// @admit/tenant-config: a college is a folder of data (college.json, steps/*.json,
// options/*.json, logo.svg), assembled and checked into the `TenantConfig` the product uses.
// This entry is pure (it runs in the browser too); `@admit/tenant-config/node` reads folders
// from disk, `@admit/tenant-config/bundled` gives the bundled colleges to code Vite builds.
export type {
  BrowserTenant,
  CollegeTexts,
  ColorShades,
  EmailAddress,
  HexColor,
  LanguageCode,
  PdfLook,
  PostalAddress,
  StepSummary,
  TenantConfig,
  TenantSettings,
  TenantTheme,
  WebAddress,
} from './types.ts';
export type {
  CollegeFile,
  FileName,
  LocaleFile,
  OptionListReference,
  OptionsFile,
  StepFile,
} from './format.ts';
export {
  assembleCollege,
  COLLEGE_FILE,
  type AssembledCollege,
  type CollegeFiles,
} from './assemble.ts';
export {
  browserSplit,
  type BrowserFirstLoad,
  type BrowserSplit,
  type CollegeOnPage,
  joinPages,
} from './split.ts';
export {
  collegeLanguages,
  DEFAULT_LANGUAGES,
  localeDraft,
  type LocaleDraft,
  localizeTenant,
  translateTenant,
  SETTINGS_TEXTS,
  TEXT_FIELDS,
} from './localize.ts';
export { checkLogo, MAX_LOGO_CHARACTERS, type LogoCheck } from './logo.ts';
export {
  contrastRatio,
  contrastProblems,
  type ContrastProblem,
  pdfColours,
  type PdfColours,
} from './contrast.ts';
export { PDF_FOOTER_FIELDS } from './types.ts';
export { DEFAULT_TENANT } from './defaults.ts';
export { FORM_MODEL_LISTS } from './options.ts';
export { formatProblem, TenantConfigError, type CollegeProblem } from './problems.ts';
