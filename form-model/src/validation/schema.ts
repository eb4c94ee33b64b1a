import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { object } from 'yup';

import { isAnswered } from '../conditions/evaluate.ts';
import { clearHiddenAnswers } from '../config/clear.ts';
import { currentValues, isRequired } from '../config/questions.ts';
import { byKind, kindOf, type KindTable } from '../config/kinds.ts';
import {
  type Answers,
  type EmailQuestion,
  type FormAnswers,
  type FormContext,
  type LookupQuestion,
  type PageConfig,
  type Question,
  type RadioQuestion,
  type SelectQuestion,
  type TextareaQuestion,
  type TextQuestion,
} from '../config/types.ts';
import { visitQuestions } from '../config/walk.ts';
import { isMaskedSsn, isValidInternationalPhone, isValidUsPhone } from '../format/index.ts';
import { yearOptions } from '../options/index.ts';
import { type ErrorMap, toErrorMap } from './errors.ts';
import { isSingleLine } from './limits.ts';
import { type ModelMessages } from './messages.ts';
import { type AnswerSchema, answerSchema, applyRule, EMAIL_PATTERN } from './rules.ts';

dayjs.extend(customParseFormat);

/** What validation needs besides the config and answers. */
export interface ValidateOptions {
  /** Add-another counters, chosen tabs, pressed triggers. */
  context?: FormContext;
  /** The clock for age and year windows (tests fix it). */
  now?: Date;
  /**
   * The messages in the applicant's language: `messagesIn(language, catalogue)` in the
   * browser, `englishMessages()` where no language is known.
   */
  messages: ModelMessages;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function maxLength(schema: AnswerSchema, max: number, messages: ModelMessages): AnswerSchema {
  return schema.test('maxLength', messages.maxLength(max), (value) => str(value).length <= max);
}

/** A one-line field (every field but a textarea) holds no line break or control character. */
function singleLine(schema: AnswerSchema, messages: ModelMessages): AnswerSchema {
  return schema.test('singleLine', messages.singleLine, (value) => isSingleLine(str(value)));
}

function oneOf(
  schema: AnswerSchema,
  values: readonly string[],
  messages: ModelMessages,
): AnswerSchema {
  return schema.test(
    'option',
    messages.option,
    (value) => !isAnswered(value) || (typeof value === 'string' && values.includes(value)),
  );
}

function requiredTest(schema: AnswerSchema, message: string, checkbox: boolean): AnswerSchema {
  // SPEC §5: required fields; the certification checkboxes must each be true.
  return schema.test('required', message, (value) =>
    checkbox ? value === true : isAnswered(value),
  );
}

/** A question's own rules, then its requiredness, on top of what its kind checks. */
function withRules(
  question: Exclude<Question, { type: 'month-year' | 'checkboxes' }>,
  schema: AnswerSchema,
  answers: Answers,
  now: Date,
  messages: ModelMessages,
): [string, AnswerSchema][] {
  let checked = schema;
  for (const rule of question.rules ?? [])
    checked = applyRule(checked, rule, answers, now, messages);
  if (isRequired(question.required, answers)) {
    checked = requiredTest(
      checked,
      question.requiredMessage ?? question.label,
      question.type === 'checkbox',
    );
  }
  return [[question.key, checked]];
}

/** The longest value of a free-text kind (config/kinds.ts), and one line unless a textarea. */
function textSchema(
  question: TextQuestion | TextareaQuestion | EmailQuestion | LookupQuestion,
  messages: ModelMessages,
) {
  const kind = kindOf(question);
  const schema = maxLength(answerSchema(), kind.maxLength(question), messages);
  return kind.singleLine ? singleLine(schema, messages) : schema;
}

/**
 * The [answer key, schema] pairs of a visible question, one entry per question kind (a kind
 * left out does not compile). Here, not in config/kinds.ts, because the browser loads yup
 * only when it first validates (SPEC §4).
 */
const kindSchemas: KindTable<
  [answers: Answers, now: Date, messages: ModelMessages],
  [string, AnswerSchema][]
> = {
  text: (question, answers, now, messages) =>
    withRules(question, textSchema(question, messages), answers, now, messages),
  textarea: (question, answers, now, messages) =>
    withRules(question, textSchema(question, messages), answers, now, messages),
  email: (question, answers, now, messages) =>
    withRules(
      question,
      textSchema(question, messages).test(
        'email',
        messages.fieldEmail,
        (v) => !isAnswered(v) || EMAIL_PATTERN.test(str(v).trim()),
      ),
      answers,
      now,
      messages,
    ),
  lookup: (question, answers, now, messages) =>
    withRules(question, textSchema(question, messages), answers, now, messages),
  date: (question, answers, now, messages) =>
    withRules(
      question,
      answerSchema().test(
        'date',
        messages.date,
        (v) => !isAnswered(v) || dayjs(str(v), 'YYYY-MM-DD', true).isValid(),
      ),
      answers,
      now,
      messages,
    ),
  phone: (question, answers, now, messages) => {
    let schema = answerSchema();
    if (question.variant === 'international') {
      schema = schema.test(
        'phone',
        messages.validInternationalPhone,
        (v) => !isAnswered(v) || isValidInternationalPhone(str(v)),
      );
    } else if (!(question.rules ?? []).some((rule) => rule.rule === 'usPhone')) {
      // SPEC §5: empty, or (NNN) NNN-NNNN with area code and exchange starting 2 to 9.
      schema = schema.test(
        'phone',
        messages.validPhone,
        (v) => !isAnswered(v) || isValidUsPhone(str(v)),
      );
    }
    return withRules(question, schema, answers, now, messages);
  },
  ssn: (question, answers, now, messages) =>
    withRules(
      question,
      answerSchema().test(
        'ssn',
        messages.ssn,
        // A saved SSN comes back masked (XXX-XX-1234): answered, and kept by the server as it is.
        (v) => !isAnswered(v) || /^\d{3}-\d{2}-\d{4}$/.test(str(v)) || isMaskedSsn(v),
      ),
      answers,
      now,
      messages,
    ),
  select: (question, answers, now, messages) => choiceSchema(question, answers, now, messages),
  radio: (question, answers, now, messages) => choiceSchema(question, answers, now, messages),
  checkbox: (question, answers, now, messages) =>
    withRules(
      question,
      answerSchema().test(
        'checkbox',
        messages.option,
        (v) => v === undefined || v === '' || typeof v === 'boolean',
      ),
      answers,
      now,
      messages,
    ),
  file: (question, answers, now, messages) =>
    withRules(question, answerSchema(), answers, now, messages),
  checkboxes: (question, answers, now, messages) => {
    let schema = answerSchema();
    for (const rule of question.rules ?? [])
      schema = applyRule(schema, rule, answers, now, messages);
    return [[question.key, schema]];
  },
  'month-year': (question, answers, now, messages) => {
    let month = answerSchema().test(
      'month',
      messages.month,
      (v) => !isAnswered(v) || /^(?:[1-9]|1[0-2])$/.test(str(v)),
    );
    let year = answerSchema().test(
      'year',
      messages.year,
      (v) => !isAnswered(v) || /^\d{4}$/.test(str(v)),
    );
    // A year window replaces the list's own bounds (SPEC §5 residency messages).
    if (!(question.yearRules ?? []).some((rule) => rule.rule === 'yearWindow')) {
      const offered = yearOptions(question.years, now);
      year = oneOf(
        year,
        offered.map((option) => option.value),
        messages,
      );
    }
    for (const rule of question.yearRules ?? [])
      year = applyRule(year, rule, answers, now, messages, question.monthKey);
    if (isRequired(question.required, answers)) {
      const message = question.requiredMessage ?? question.label;
      month = requiredTest(month, message, false);
      year = requiredTest(year, message, false);
    }
    return [
      [question.monthKey, month],
      [question.yearKey, year],
    ];
  },
};

/** A select or radio: one of the options it offers now. */
function choiceSchema(
  question: SelectQuestion | RadioQuestion,
  answers: Answers,
  now: Date,
  messages: ModelMessages,
): [string, AnswerSchema][] {
  const values = currentValues(question, answers, now);
  const schema = values === undefined ? answerSchema() : oneOf(answerSchema(), values, messages);
  return withRules(question, schema, answers, now, messages);
}

/**
 * Every visible question's answers with their schemas, for these answers (hidden ones are
 * cleared and not validated): each named by SPEC's key (the error summary's anchor), with the
 * value it holds in either shape of the answers. Give it cleared answers: `clearHiddenAnswers`
 * first.
 */
function answerChecks(
  pages: readonly PageConfig[],
  answers: FormAnswers,
  options: ValidateOptions,
): { key: string; schema: AnswerSchema; value: unknown }[] {
  const now = options.now ?? new Date();
  const checks: { key: string; schema: AnswerSchema; value: unknown }[] = [];
  for (const { question, visible, scope } of visitQuestions(pages, answers, options.context)) {
    if (!visible) continue;
    for (const [key, schema] of byKind(kindSchemas, question, scope.answers, now, options.messages))
      checks.push({ key: scope.flatKey(key), schema, value: scope.answers[key] });
  }
  return checks;
}

/**
 * The yup schema of the visible questions for SPEC's flat answers (hidden ones are cleared and
 * not validated). Build it from cleared answers: `clearHiddenAnswers` first.
 */
export function buildAnswerSchema(
  pages: readonly PageConfig[],
  answers: Answers,
  options: ValidateOptions,
) {
  const shape: Record<string, AnswerSchema> = {};
  for (const { key, schema } of answerChecks(pages, answers, options)) shape[key] = schema;
  return object(shape);
}

/**
 * Validates every visible answer (SPEC §5), after the one clearing function, collecting all
 * errors, de-duplicated per field, by SPEC's key (`college_2_name` for the second college's
 * name in either shape of the answers). The browser, the server's submit and the summary use
 * it.
 */
export function validateAnswers(
  pages: readonly PageConfig[],
  answers: FormAnswers,
  options: ValidateOptions,
): ErrorMap {
  const cleared = clearHiddenAnswers(pages, answers, options.context);
  const errors: ErrorMap = {};
  for (const { key, schema, value } of answerChecks(pages, cleared, options)) {
    try {
      schema.validateSync(value, { abortEarly: false });
    } catch (error) {
      for (const fieldMessages of Object.values(toErrorMap(error))) {
        const list = (errors[key] ??= []);
        for (const message of fieldMessages) if (!list.includes(message)) list.push(message);
      }
    }
  }
  return errors;
}

/** The messages of one answer key (per-field validation, SPEC §5). */
export function validateField(
  pages: readonly PageConfig[],
  answers: FormAnswers,
  key: string,
  options: ValidateOptions,
): string[] {
  return validateAnswers(pages, answers, options)[key] ?? [];
}
