import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { object } from 'yup';

import { isAnswered } from '../conditions/evaluate.ts';
import { clearHiddenAnswers } from '../config/clear.ts';
import { currentOptions, isRequired } from '../config/questions.ts';
import {
  type Answers,
  type FormContext,
  type Option,
  type PageConfig,
  type Question,
} from '../config/types.ts';
import { visitQuestions } from '../config/walk.ts';
import { isValidInternationalPhone, isValidUsPhone } from '../format/index.ts';
import { yearOptions } from '../options/index.ts';
import { type ErrorMap, toErrorMap } from './errors.ts';
import {
  EMAIL_MAX_LENGTH,
  isSingleLine,
  LOOKUP_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  TEXTAREA_MAX_LENGTH,
} from './limits.ts';
import { messages } from './messages.ts';
import { type AnswerSchema, answerSchema, applyRule, EMAIL_PATTERN } from './rules.ts';

dayjs.extend(customParseFormat);

/** What validation needs besides the config and answers. */
export interface ValidateOptions {
  /** Add-another counters, chosen tabs, pressed triggers. */
  context?: FormContext;
  /** The clock for age and year windows (tests fix it). */
  now?: Date;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function maxLength(schema: AnswerSchema, max: number): AnswerSchema {
  return schema.test('maxLength', messages.maxLength(max), (value) => str(value).length <= max);
}

/** A one-line field (every field but a textarea) holds no line break or control character. */
function singleLine(schema: AnswerSchema): AnswerSchema {
  return schema.test('singleLine', messages.singleLine, (value) => isSingleLine(str(value)));
}

function oneOf(schema: AnswerSchema, options: readonly Option[]): AnswerSchema {
  return schema.test(
    'option',
    messages.option,
    (value) => !isAnswered(value) || options.some((option) => option.value === value),
  );
}

function requiredTest(schema: AnswerSchema, message: string, checkbox: boolean): AnswerSchema {
  // SPEC §5: required fields; the certification checkboxes must each be true.
  return schema.test('required', message, (value) =>
    checkbox ? value === true : isAnswered(value),
  );
}

/** The [answer key, schema] pairs of one visible question. */
function questionSchemas(
  question: Question,
  answers: Answers,
  now: Date,
): [string, AnswerSchema][] {
  if (question.type === 'checkboxes') {
    let schema = answerSchema();
    for (const rule of question.rules ?? []) schema = applyRule(schema, rule, answers, now);
    return [[question.key, schema]];
  }
  if (question.type === 'month-year') {
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
    if (question.yearRules === undefined) {
      const offered = yearOptions(question.years, now);
      year = oneOf(year, offered);
    }
    for (const rule of question.yearRules ?? []) year = applyRule(year, rule, answers, now);
    if (isRequired(question.required, answers)) {
      const message = question.requiredMessage ?? question.label;
      month = requiredTest(month, message, false);
      year = requiredTest(year, message, false);
    }
    return [
      [question.monthKey, month],
      [question.yearKey, year],
    ];
  }

  let schema = answerSchema();
  switch (question.type) {
    case 'text':
      schema = singleLine(maxLength(schema, question.maxLength ?? TEXT_MAX_LENGTH));
      break;
    case 'textarea':
      schema = maxLength(schema, question.maxLength ?? TEXTAREA_MAX_LENGTH);
      break;
    case 'email':
      schema = singleLine(maxLength(schema, question.maxLength ?? EMAIL_MAX_LENGTH)).test(
        'email',
        messages.fieldEmail,
        (v) => !isAnswered(v) || EMAIL_PATTERN.test(str(v).trim()),
      );
      break;
    case 'lookup':
      schema = singleLine(maxLength(schema, question.maxLength ?? LOOKUP_MAX_LENGTH));
      break;
    case 'date':
      schema = schema.test(
        'date',
        messages.date,
        (v) => !isAnswered(v) || dayjs(str(v), 'YYYY-MM-DD', true).isValid(),
      );
      break;
    case 'phone':
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
      break;
    case 'ssn':
      schema = schema.test(
        'ssn',
        messages.ssn,
        (v) => !isAnswered(v) || /^\d{3}-\d{2}-\d{4}$/.test(str(v)),
      );
      break;
    case 'select':
    case 'radio': {
      const options = currentOptions(question, answers, now);
      if (options !== undefined) schema = oneOf(schema, options);
      break;
    }
    case 'checkbox':
      schema = schema.test(
        'checkbox',
        messages.option,
        (v) => v === undefined || v === '' || typeof v === 'boolean',
      );
      break;
    case 'file':
      break;
  }
  for (const rule of question.rules ?? []) schema = applyRule(schema, rule, answers, now);
  if (isRequired(question.required, answers)) {
    schema = requiredTest(
      schema,
      question.requiredMessage ?? question.label,
      question.type === 'checkbox',
    );
  }
  return [[question.key, schema]];
}

/**
 * The yup schema of the visible questions for these answers (hidden ones are cleared and
 * not validated). Build it from cleared answers: `clearHiddenAnswers` first.
 */
export function buildAnswerSchema(
  pages: readonly PageConfig[],
  answers: Answers,
  options: ValidateOptions = {},
) {
  const now = options.now ?? new Date();
  const shape: Record<string, AnswerSchema> = {};
  for (const { question, visible } of visitQuestions(pages, answers, options.context)) {
    if (!visible) continue;
    for (const [key, schema] of questionSchemas(question, answers, now)) shape[key] = schema;
  }
  return object(shape);
}

/**
 * Validates every visible answer (SPEC §5), after the one clearing function, collecting all
 * errors, de-duplicated per field. The browser, the server's submit and the summary use it.
 */
export function validateAnswers(
  pages: readonly PageConfig[],
  answers: Answers,
  options: ValidateOptions = {},
): ErrorMap {
  const cleared = clearHiddenAnswers(pages, answers, options.context);
  try {
    buildAnswerSchema(pages, cleared, options).validateSync(cleared, {
      abortEarly: false,
      stripUnknown: false,
    });
    return {};
  } catch (error) {
    return toErrorMap(error);
  }
}

/** The messages of one answer key (per-field validation, SPEC §5). */
export function validateField(
  pages: readonly PageConfig[],
  answers: Answers,
  key: string,
  options: ValidateOptions = {},
): string[] {
  return validateAnswers(pages, answers, options)[key] ?? [];
}
