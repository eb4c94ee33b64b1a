/**
 * A college's folder, file by file: the source format staff edit, from which `assembleCollege`
 * builds the `TenantConfig` the product uses. The JSON Schemas in `tenant-config/schema/` are
 * generated from these types (`npm run schema --workspace tenant-config`), their doc comments
 * becoming the descriptions an editor shows.
 *
 * ```
 * <folder>/college.json        CollegeFile: names, contacts, theme, the logo's file, the steps
 * <folder>/steps/<id>.json     StepFile: one step's sections and questions
 * <folder>/options/<name>.json OptionsFile: an option list a question names by { "list": name }
 * <folder>/logo.svg            the logo, a plain SVG (no script, no external reference)
 * <folder>/locales/<lang>.json LocaleFile: the college's texts in one more language
 * ```
 */
import { type Option, type SectionConfig } from '@admit/form-model';

import { type LanguageCode, type TenantSettings } from './types.ts';

/**
 * A step's id, an option list's name: lower-case letters, digits and dashes.
 *
 * @pattern ^[a-z][a-z0-9-]*$
 */
export type FileName = string;

/**
 * `college.json`: everything of a college but its steps' questions. The college's id is its
 * folder's name.
 *
 * @example
 * { "$schema": "../../schema/college.schema.json", "names": { "college": "Riverbend Community College", "shortName": "Riverbend", "partner": "Example State University" }, "logo": "logo.svg", "steps": ["about", "education", "final-steps"], "defaultRoute": "about" }
 */
export interface CollegeFile extends Omit<
  TenantSettings,
  'id' | 'logoSvg' | 'languages' | 'translations'
> {
  /** The JSON Schema this file follows, so an editor completes and checks it. */
  $schema?: string;
  /**
   * The languages the college's texts are in, as BCP 47 tags (`en`, `es`), its own first: the
   * files are written in the first, which is also the language of the staff's copies, the
   * exports and the service view. Each other language has its translations in
   * `locales/<language>.json`. Default `["en"]`.
   *
   * @minItems 1
   * @uniqueItems true
   */
  languages?: readonly LanguageCode[];
  /**
   * The logo's file in the folder, an SVG (`logo.svg`): shown in the header and as the
   * browser tab's icon. Only drawing elements: no script, no event attributes, no style
   * element, no reference outside the file.
   *
   * @pattern ^[A-Za-z0-9][A-Za-z0-9._-]*\.svg$
   */
  logo: string;
  /**
   * The steps in order, each the name of a file in `steps/` without `.json`: `"about"` is
   * `steps/about.json`. Every file in `steps/` is listed here.
   *
   * @minItems 1
   */
  steps: readonly FileName[];
}

/**
 * `steps/<id>.json`: one step of the form, in the shape of form-model's page config. A select
 * or radio question's `options` may name a list: form-model's own (`countries`,
 * `countriesNoUsa`, `states`, `usStates`, `canadianProvinces`, `months`, `yesNo`) or one of
 * the college's in `options/<name>.json`.
 *
 * @example
 * { "$schema": "../../../schema/step.schema.json", "id": "about", "route": "about", "title": "Personal Info", "sections": [{ "id": "name", "title": "Your Name", "blocks": [{ "type": "text", "key": "first_name", "label": "First Name", "required": true }] }] }
 */
export interface StepFile {
  /** The JSON Schema this file follows, so an editor completes and checks it. */
  $schema?: string;
  /** The step's id: the file's name without `.json`. */
  id: FileName;
  /**
   * The step's address without the slash: `about` is /about.
   *
   * @pattern ^[a-z][a-z0-9-]*$
   */
  route: string;
  /** The step's title in the step navigation ("Personal Info"). */
  title: string;
  /**
   * The step's sections in order, each a titled group of blocks: questions, texts, and the
   * blocks that show or repeat others (conditional, condition-group, trigger, add-another,
   * tabs).
   *
   * @minItems 1
   */
  sections: readonly SectionConfig[];
}

/**
 * `options/<name>.json`: an option list of the college's own, named from a select or radio
 * question as `{ "list": "<name>" }` (or, in a conditional select, as the list of one answer:
 * `"byAnswer": { "valueKey": "educational_goal", "options": { "AAS": { "list": "<name>" } } }`).
 *
 * @example
 * { "$schema": "../../../schema/options.schema.json", "options": [{ "value": "202770", "label": "Fall 2027 (August)" }] }
 */
export interface OptionsFile {
  /** The JSON Schema this file follows, so an editor completes and checks it. */
  $schema?: string;
  /**
   * The choices in the order shown: `value` is stored, `label` is what the applicant reads
   * (and is stored as `{key}_desc`).
   *
   * @minItems 1
   */
  options: readonly Option[];
}

/** A list named in a step file: form-model's own or one in the college's `options/`. */
export interface OptionListReference {
  /** form-model's list (`countries`, `states`, `yesNo`, …) or a file `options/<list>.json`. */
  list: string;
}

/**
 * `locales/<language>.json`: the college's texts in one of its `languages` (not its first),
 * keyed by the text as the college's own language writes it, gettext-style: each question's
 * label, hint and options, each title, paragraph, STOP message, button and tab, the privacy
 * notice, the names, titles and office hours of college.json. One entry translates a text
 * wherever it is used. The check refuses a file that misses a text, keeps one the college no
 * longer uses (its English changed: translate the new one) or loses a `{placeholder}`.
 *
 * @example
 * { "$schema": "../../../schema/locale.schema.json", "texts": { "Personal Info": "Información personal", "Yes": "Sí" } }
 */
export interface LocaleFile {
  /** The JSON Schema this file follows, so an editor completes and checks it. */
  $schema?: string;
  /**
   * Each text of the college in its own language → the text in this file's language. A
   * proper name that stays as it is ("Gallatin College") is written twice, so that every text
   * is seen to be done. An empty translation is a text still to translate (the check says so).
   */
  texts: Readonly<Record<string, string>>;
}
