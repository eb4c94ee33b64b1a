/**
 * The form as data. A page config is plain, serialisable data: no functions, JSX or
 * regexes inside. Behaviour lives in form-model code that a config names by `type`
 * (question kinds, block kinds) or by `rule` (validation rules).
 */
import { type ConditionExpr } from '../conditions/types.ts';

/** An answer value: text, a choice's code, or a checkbox's boolean. The empty answer is "". */
export type AnswerValue = string | boolean;

/** The applicant's answers as SPEC §3 and the API name them: answer key → value, flat. */
export type Answers = Record<string, AnswerValue>;

/**
 * The applicant's answers as the form holds them: every answer under its key, but each
 * add-another block's groups are one array under the block's `buttonId`, item i holding group
 * i+1's answers under the template's keys (`{ parent: [{ parent_first_name: 'Ann' },
 * { parent_first_name: 'Bo' }] }` is SPEC's `parent_first_name: 'Ann', parent_2_first_name:
 * 'Bo'`), and the number of groups shown is the array's length. form-model's walk reads either
 * shape (config/walk.ts); `config/shape.ts` converts between them at the API's edge.
 */
// An interface, not a Record: a type alias may not name itself inside Record's arguments.
// eslint-disable-next-line @typescript-eslint/consistent-indexed-object-style
export interface FormAnswers {
  [key: string]: AnswerValue | readonly FormAnswers[];
}

/** A choice in a select or radio group. `value` is stored; `label` is stored as `{key}_desc`. */
export interface Option {
  /** Stored value (a code such as "USA", "Y", "2"). */
  value: string;
  /** What the applicant reads; stored in `{key}_desc`. */
  label: string;
}

/** Named option lists that form-model provides (SPEC §3 option lists). */
export type OptionListName =
  'countries' | 'countriesNoUsa' | 'states' | 'usStates' | 'canadianProvinces' | 'months' | 'yesNo';

/** Where a select or radio takes its options from. */
export type OptionSource =
  | { list: OptionListName }
  | { options: readonly Option[] }
  /** A year list ("--" first), e.g. a parent's graduation year. */
  | { years: YearRange }
  /** SPEC §4 conditional select: the options depend on another answer. */
  | { byAnswer: { valueKey: string; options: Readonly<Record<string, readonly Option[]>> } };

/** A year list: "--" first, from a start year (default the current year) over `count` years. */
export interface YearRange {
  /** First year; omitted means the current year plus `offset`. */
  start?: number;
  /** Years from the current year to start at when `start` is omitted (e.g. 2 for a graduation still ahead). */
  offset?: number;
  /** How many years the list offers. */
  count: number;
  /** Whether the list runs into the past or the future from the start. */
  direction: 'past' | 'future';
}

/** Requiredness: always, or only while a condition holds (SPEC §5 conditional rules). */
export type Required = boolean | { when: ConditionExpr };

/**
 * A named validation rule implemented in form-model (validation/rules.ts). Config names it;
 * code implements it. Parameters are plain data.
 */
export type RuleRef =
  | { rule: 'email' }
  | { rule: 'usPhone'; message?: string }
  | { rule: 'numeric' }
  | { rule: 'minLength'; min: number; when?: ConditionExpr }
  | { rule: 'birthDate' }
  | { rule: 'yearWindow'; yearsBack: 8 | 19 | 64 | 74; yearsAhead?: number }
  /** SPEC §5 STOP answers: must equal `value`, else the stop `message`. */
  | { rule: 'mustEqual'; value: AnswerValue; message: string }
  | { rule: 'satTotal' }
  | { rule: 'satSection' }
  | { rule: 'satSubscore'; decimals?: boolean }
  | { rule: 'actScore' }
  | { rule: 'actWriting' }
  /** SPEC §5: home phone required when there is no mobile (nor international) phone. */
  | { rule: 'homeOrMobile'; mobileKey: string; internationalKey?: string; message: string }
  /** SPEC §5: mobile phone required when SMS opt-in is ticked. */
  | { rule: 'requiredWhenTrue'; key: string; message: string }
  /** SPEC §5: the `_no` box must be ticked unless one of the specific items is. */
  | { rule: 'noneUnlessAny'; keys: readonly string[]; message: string }
  /** A US ZIP: 5 digits, or ZIP+4 (59715-1234); checked only `when` holds (the country is USA). */
  | { rule: 'usZip'; when?: ConditionExpr }
  /** A grade point average: a number from 0 to `GPA_MAX`, at most 2 decimals. */
  | { rule: 'gpa' }
  /**
   * On a month-year's year: the pair is not before another month-year pair (service ended not
   * before it began). `label` names the other question in the message.
   */
  | { rule: 'notBefore'; monthKey: string; yearKey: string; label: string };

interface QuestionBase {
  /** Anchor and stored key; also the validation summary's `#key`. */
  key: string;
  /** The question as the applicant reads it (also the print line). */
  label: string;
  /** A hint under the label. */
  hint?: string;
  required?: Required;
  /** Message when required and empty; defaults to the label (SPEC §5 lists labels). */
  requiredMessage?: string;
  rules?: readonly RuleRef[];
}

export interface TextQuestion extends QuestionBase {
  type: 'text';
  /** Default 45 (SPEC §9). */
  maxLength?: number;
}
export interface TextareaQuestion extends QuestionBase {
  type: 'textarea';
  /** Default 1500 (SPEC §5); a tenant may raise it to its character limit. */
  maxLength?: number;
}
export interface DateQuestion extends QuestionBase {
  type: 'date';
}
export interface SelectQuestion extends QuestionBase {
  type: 'select';
  options: OptionSource;
  /** Store `{key}_desc` with the chosen label (default true; SPEC §3 "unless turned off"). */
  descriptions?: boolean;
}
export interface RadioQuestion extends QuestionBase {
  type: 'radio';
  options: OptionSource;
  descriptions?: boolean;
}
export interface CheckboxQuestion extends QuestionBase {
  type: 'checkbox';
}
export interface PhoneQuestion extends QuestionBase {
  type: 'phone';
  /** `international` accepts any digits with a leading +. */
  variant?: 'us' | 'international';
}
export interface SsnQuestion extends QuestionBase {
  type: 'ssn';
}
export interface EmailQuestion extends QuestionBase {
  type: 'email';
  maxLength?: number;
}
/** Lookup detail field → the answer key it fills when a suggestion is picked. */
export type LookupFills = Readonly<Record<string, string>>;
export interface LookupQuestion extends QuestionBase {
  type: 'lookup';
  category: 'hs_ceeb' | 'college_ceeb' | 'address';
  /** Related answers filled from the chosen suggestion's detail (SPEC §4 autocomplete). */
  fills: LookupFills;
  maxLength?: number;
}
export interface FileQuestion extends QuestionBase {
  type: 'file';
}

/** A month/year pair: month "1".."12" in `monthKey`, the year in `yearKey` (SPEC §3). */
export interface MonthYearQuestion {
  type: 'month-year';
  /** Anchor for the pair; equals `monthKey`. */
  key: string;
  monthKey: string;
  yearKey: string;
  label: string;
  hint?: string;
  years: YearRange;
  required?: Required;
  requiredMessage?: string;
  /** Rules applied to the year (e.g. a residency year window). */
  yearRules?: readonly RuleRef[];
}

/** A set of independent checkboxes under one legend (each option is its own boolean key). */
export interface CheckboxesQuestion {
  type: 'checkboxes';
  /** Anchor for the group; the first option's key unless set. */
  key: string;
  label: string;
  hint?: string;
  options: readonly { key: string; label: string }[];
  rules?: readonly RuleRef[];
}

export type Question =
  | TextQuestion
  | TextareaQuestion
  | DateQuestion
  | SelectQuestion
  | RadioQuestion
  | CheckboxQuestion
  | PhoneQuestion
  | SsnQuestion
  | EmailQuestion
  | LookupQuestion
  | FileQuestion
  | MonthYearQuestion
  | CheckboxesQuestion;

export type QuestionType = Question['type'];

/** Text for the applicant, e.g. a STOP message or an explanation. Stores nothing. */
export interface InfoBlock {
  type: 'info';
  text: string;
  /** `stop` is shown as a warning the applicant must act on. */
  tone?: 'note' | 'stop';
  /** Optional heading. */
  title?: string;
}

/** SPEC §4: a block hidden while its condition is true; its answers are cleared. */
export interface ConditionalBlock {
  type: 'conditional';
  hideWhen: ConditionExpr;
  blocks: readonly Block[];
}

/** SPEC §4: the first branch whose condition is true shows; all others are cleared. */
export interface ConditionGroup {
  type: 'condition-group';
  branches: readonly { showWhen: ConditionExpr; blocks: readonly Block[] }[];
}

/**
 * SPEC §4 conditional trigger. Button: `before` shows until pressed, then `after`.
 * Checkbox (stored boolean `key`): `after` while ticked, `optional` only while unticked.
 */
export type ConditionalTrigger =
  | {
      type: 'trigger';
      mode: 'button';
      /** Button label. */
      label: string;
      /** Anchor for the trigger. */
      id: string;
      before?: readonly Block[];
      after: readonly Block[];
    }
  | {
      type: 'trigger';
      mode: 'checkbox';
      key: string;
      label: string;
      after?: readonly Block[];
      optional?: readonly Block[];
    };

/**
 * How an add-another block names each group's answer keys: group 1 stores the template's own
 * keys, which start with `first`; group n (2..max) stores them with `first` replaced by `next`,
 * `{n}` being n. SPEC §3's colleges: `{ first: "college_", next: "college_{n}_" }` gives
 * `college_name`, `college_2_name`, `college_3_name`.
 */
export interface GroupKeys {
  /** The prefix of every key of group 1, as the template writes them ("college_"). */
  first: string;
  /** The prefix of group n's keys, holding `{n}` ("college_{n}_"). */
  next: string;
}

/**
 * SPEC §4 add-another: a repeated group declared once. Group n shows once the counter reaches
 * n (default 1, at most `max`, never above 10). `template` holds group 1's blocks with group
 * 1's real keys; the other groups are the template with its keys renamed by `keys` and `{n}`
 * in its texts replaced by the group's number (`groupItems` in config/groups.ts).
 *
 * @example
 * { type: 'add-another', buttonId: 'college', label: 'Add Another College', max: 3,
 *   keys: { first: 'college_', next: 'college_{n}_' },
 *   template: [{ type: 'text', key: 'college_name', label: 'College {n}' }] }
 */
export interface AddAnotherBlock {
  type: 'add-another';
  /** The group's id in the UI state (the stored count) and its button's anchor. */
  buttonId: string;
  /** Button label, e.g. "Add Another College". */
  label: string;
  /**
   * What one group is, e.g. "College": each group's heading is it and its number ("College 2")
   * on the page, in the review, the PDF and the exports' column names. Without it the heading is
   * the button's label less its leading words of adding ("Add Another"), in each language.
   */
  itemLabel?: string;
  /** How many groups at most: 1..10 (SPEC §9). */
  max: number;
  /** How the groups' keys are named. */
  keys: GroupKeys;
  /** Group 1's blocks; every key they store starts with `keys.first`. */
  template: readonly Block[];
}

/**
 * Questions that belong together under one name, such as an address: shown as a fieldset whose
 * legend names them, so that a screen reader hears "Mailing address, City" and "Parent's
 * address, City" rather than "City" twice (WCAG 1.3.1). It stores nothing and hides nothing;
 * the printed copy shows its legend and hint as a heading and a line of text (without a hint,
 * its questions only).
 *
 * @example
 * { type: 'fieldset', legend: 'Mailing address', blocks: [{ type: 'text', key: 'mailing_city', label: 'City' }] }
 */
export interface FieldsetBlock {
  type: 'fieldset';
  /** What the questions are together, e.g. "Mailing address". */
  legend: string;
  /** A line under the legend, e.g. what the address is for. */
  hint?: string;
  blocks: readonly Block[];
}

/** SPEC §4 tabs: the chosen tab per group is stored; switching clears the other tabs' answers. */
export interface TabsBlock {
  type: 'tabs';
  tabId: string;
  label: string;
  tabs: readonly { id: string; label: string; blocks: readonly Block[] }[];
}

export type Block =
  | Question
  | InfoBlock
  | ConditionalBlock
  | ConditionGroup
  | ConditionalTrigger
  | AddAnotherBlock
  | TabsBlock
  | FieldsetBlock;

/** A titled group of blocks on a page. */
export interface SectionConfig {
  id: string;
  title: string;
  description?: string;
  blocks: readonly Block[];
}

/**
 * A step's id, also its file's name in a college's folder (`steps/about.json`). The college
 * names its steps; form-model knows none of them.
 */
export type PageId = string;

export interface PageConfig {
  id: PageId;
  /** Route without the slash: `about` → /about. */
  route: string;
  /** Step title in the navigation (Personal Info, Academic History, Submit). */
  title: string;
  sections: readonly SectionConfig[];
}

/** UI state that decides what shows besides the answers (SPEC §4 add-another and tabs). */
export interface FormContext {
  /** Add-another counters by button id (default 1). */
  addAnother?: Readonly<Record<string, number>>;
  /** Chosen tab by tab group id (default: the first tab). */
  tabs?: Readonly<Record<string, string>>;
  /** Pressed button triggers by trigger id. */
  triggers?: Readonly<Record<string, boolean>>;
}
