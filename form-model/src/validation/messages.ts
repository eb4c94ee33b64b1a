/**
 * form-model's messages in a language: validation (SPEC §5 and §8, word for word in English)
 * and SPEC §8's error messages. The texts live only in the catalogues
 * (`src/locales/<language>/*.json`, ids `model.…`); this file names which id each message is
 * and which argument it takes. Where SPEC says a text is "not shown", ours is listed in
 * form-model's README.
 */
import { type IntlMessageFormat } from 'intl-messageformat';

import { formatter, GROUP_HEADING, GROUP_PREFIXES, groupHeadingIn } from './groupHeading.ts';

/** A message as a catalogue gives it: an ICU text (Node) or its parsed AST (the browser). */
export type CatalogueMessage = ConstructorParameters<typeof IntlMessageFormat>[0];

/** A language's messages by id, e.g. `virtual:admit-language`'s, or a catalogue read on Node. */
export type MessageCatalogue = Readonly<Record<string, CatalogueMessage>>;

/** The messages without arguments, by name → catalogue id. */
const PLAIN = {
  // SPEC §5 account forms
  emailInvalid: 'model.validation.emailInvalid',
  loginEmailInvalid: 'model.validation.loginEmailInvalid',
  resendEmailInvalid: 'model.validation.resendEmailInvalid',
  passwordRequired: 'model.validation.passwordRequired',
  passwordsMustMatch: 'model.validation.passwordsMustMatch',
  codeInvalid: 'model.validation.codeInvalid',
  // (ours) the reset link's id is missing or malformed
  resetIdInvalid: 'model.validation.resetIdInvalid',
  // (ours) the password rules of SPEC §5
  passwordMinLength: 'model.validation.passwordMinLength',
  passwordUppercase: 'model.validation.passwordUppercase',
  passwordLowercase: 'model.validation.passwordLowercase',
  passwordDigit: 'model.validation.passwordDigit',
  passwordSpecial: 'model.validation.passwordSpecial',
  passwordWhitespace: 'model.validation.passwordWhitespace',
  // SPEC §5 form fields
  tooYoung: 'model.validation.tooYoung',
  // (ours) SPEC: "an earlier date says the date is not supported"
  birthDateUnsupported: 'model.validation.birthDateUnsupported',
  optIn: 'model.validation.optIn',
  // (ours) texts SPEC leaves to the caller or does not show
  validHome: 'model.validation.validHome',
  validMobile: 'model.validation.validMobile',
  oneRequired: 'model.validation.oneRequired',
  validPhone: 'model.validation.validPhone',
  validInternationalPhone: 'model.validation.validInternationalPhone',
  fieldEmail: 'model.validation.fieldEmail',
  ssn: 'model.validation.ssn',
  date: 'model.validation.date',
  month: 'model.validation.month',
  year: 'model.validation.year',
  option: 'model.validation.option',
  numeric: 'model.validation.numeric',
  noneAndAny: 'model.validation.noneAndAny',
  usZip: 'model.validation.usZip',
  singleLine: 'model.validation.singleLine',
  satTotal: 'model.validation.satTotal',
  satSection: 'model.validation.satSection',
  satSubscore: 'model.validation.satSubscore',
  actScore: 'model.validation.actScore',
  actWriting: 'model.validation.actWriting',
  // SPEC §8 files
  fileTooLarge: 'model.validation.fileTooLarge',
  fileType: 'model.validation.fileType',
  fileNameTooLong: 'model.validation.fileNameTooLong',
  fileEmpty: 'model.validation.fileEmpty',
  // SPEC §8: the generic message, for anything unexpected; the session-invalid one, on a 401
  genericError: 'model.error.generic',
  sessionInvalid: 'model.error.sessionInvalid',
} as const;

/**
 * The messages with one argument, by name → [catalogue id, the argument's name in the ICU
 * text]. A year is given as text, so that 2018 is never grouped ("2,018").
 */
const WITH_ARGUMENT = {
  minYear: ['model.validation.minYear', 'year'],
  maxYear: ['model.validation.maxYear', 'year'],
  zipMin: ['model.validation.zipMin', 'min'],
  gpa: ['model.validation.gpa', 'max'],
  notBefore: ['model.validation.notBefore', 'label'],
  maxLength: ['model.validation.maxLength', 'max'],
  // SPEC §8: a lookup detail that fails keeps the typed text; the applicant is told so.
  lookupDetailFailed: ['model.validation.lookupDetailFailed', 'picked'],
} as const;

/** What each message with an argument takes. */
interface Arguments {
  minYear: number;
  maxYear: number;
  zipMin: number;
  gpa: number;
  notBefore: string;
  maxLength: number;
  lookupDetailFailed: string;
}

/** form-model's messages in one language: a text, or a function of the message's argument. */
export type ModelMessages = { readonly [name in keyof typeof PLAIN]: string } & {
  readonly [name in keyof typeof WITH_ARGUMENT]: (value: Arguments[name]) => string;
} & {
  /**
   * An add-another group's heading from its button's label and its number: "Add Another
   * College", 2 → "College 2"; the words an Add button starts with are the catalogue's
   * (`model.group.addPrefixes`, "|" between them), a label without them is kept whole.
   */
  readonly groupHeading: (label: string, number: number) => string;
};

/** Every catalogue id form-model's messages use. */
export const MODEL_MESSAGE_IDS: readonly string[] = [
  ...Object.values(PLAIN),
  ...Object.values(WITH_ARGUMENT).map(([id]) => id),
  GROUP_PREFIXES,
  GROUP_HEADING,
];

const YEAR_ARGUMENTS: ReadonlySet<string> = new Set(['year']);

/** Built messages per catalogue and language: a page or a request asks many times. */
const built = new WeakMap<MessageCatalogue, Map<string, ModelMessages>>();

/**
 * form-model's messages in `locale`, from a catalogue of that language holding the `model.`
 * ids. The browser passes parsed messages (`virtual:admit-language`'s: its build has no ICU
 * parser), Node may pass ICU texts. Each message is formatted on its first use, not here: a
 * page's catalogue holds the validation messages only once its `validation` area has loaded
 * (form-app's messageAreas.ts), and a page that never validates formats none of them. Built
 * once per catalogue and language; a message the catalogue lacks throws, naming its id, when
 * it is used.
 *
 * @example messagesIn('es', messages).maxLength(45) // "Use 45 caracteres como máximo."
 */
export function messagesIn(locale: string, catalogue: MessageCatalogue): ModelMessages {
  let byLocale = built.get(catalogue);
  const cached = byLocale?.get(locale);
  if (cached !== undefined) return cached;
  const result = {};
  /** Defines `name` as made by `make` on its first read, then kept. */
  const once = (name: string, make: () => unknown) => {
    Object.defineProperty(result, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = make();
        Object.defineProperty(result, name, { enumerable: true, value });
        return value;
      },
    });
  };
  for (const [name, id] of Object.entries(PLAIN))
    once(name, () => String(formatter(locale, catalogue, id).format()));
  for (const [name, [id, argument]] of Object.entries(WITH_ARGUMENT))
    once(name, () => {
      const format = formatter(locale, catalogue, id);
      return (value: string | number) =>
        String(
          format.format({
            [argument]: YEAR_ARGUMENTS.has(argument) ? String(value) : value,
          }),
        );
    });
  once('groupHeading', () => groupHeadingIn(locale, catalogue));
  const messages = result as ModelMessages;
  if (byLocale === undefined) built.set(catalogue, (byLocale = new Map<string, ModelMessages>()));
  byLocale.set(locale, messages);
  return messages;
}
