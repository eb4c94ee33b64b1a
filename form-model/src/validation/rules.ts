/**
 * The named rules a page config refers to (`{ rule: 'birthDate' }`), as yup tests.
 * Config names behaviour; this file implements it (STYLE: forms are data).
 */
import { mixed, type MixedSchema } from 'yup';

import { evaluate, isAnswered } from '../conditions/evaluate.ts';
import { type Answers, type AnswerValue, type RuleRef } from '../config/types.ts';
import { isValidUsPhone } from '../format/index.ts';
import { GPA_DECIMALS, GPA_MAX, US_ZIP_PATTERN, YEAR_WINDOW_AHEAD } from './limits.ts';
import { birthDateMessage } from './dates.ts';
import { type ModelMessages } from './messages.ts';

export type AnswerSchema = MixedSchema<AnswerValue | undefined>;

/** A plain mixed schema for one answer. */
export function answerSchema(): AnswerSchema {
  return mixed<AnswerValue>();
}

/** The simple e-mail pattern of SPEC §5: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: AnswerValue | undefined): string =>
  typeof value === 'string' ? value.trim() : '';

function inRange(
  value: string,
  min: number,
  max: number,
  step: number,
  decimals: boolean,
): boolean {
  if (!(decimals ? /^\d+(\.\d+)?$/ : /^\d+$/).test(value)) return false;
  const number = Number(value);
  if (number < min || number > max) return false;
  return step === 1 && decimals ? true : Number.isInteger((number - min) / step);
}

/** Adds the tests of one named rule to an answer's schema. Empty answers pass (required is separate). */
export function applyRule(
  schema: AnswerSchema,
  rule: RuleRef,
  answers: Answers,
  now: Date,
  /** The messages in the applicant's language. */
  messages: ModelMessages,
  /** A month-year's month key, when the rule is on its year (`notBefore`). */
  ownMonthKey?: string,
): AnswerSchema {
  const filled = (test: (value: string) => boolean) => (value: AnswerValue | undefined) =>
    !isAnswered(value) || test(text(value));
  switch (rule.rule) {
    case 'email':
      return schema.test(
        'email',
        messages.fieldEmail,
        filled((v) => EMAIL_PATTERN.test(v)),
      );
    case 'usPhone':
      return schema.test('usPhone', rule.message ?? messages.validPhone, filled(isValidUsPhone));
    case 'numeric':
      return schema.test(
        'numeric',
        messages.numeric,
        filled((v) => /^\d+(\.\d+)?$/.test(v)),
      );
    case 'minLength':
      return schema.test('minLength', messages.zipMin(rule.min), (value) => {
        if (!isAnswered(value)) return true;
        if (rule.when !== undefined && !evaluate(rule.when, answers)) return true;
        return text(value).length >= rule.min;
      });
    case 'usZip':
      return schema.test('usZip', messages.usZip, (value) => {
        if (!isAnswered(value)) return true;
        if (rule.when !== undefined && !evaluate(rule.when, answers)) return true;
        return US_ZIP_PATTERN.test(text(value));
      });
    case 'gpa': {
      const pattern = new RegExp(`^\\d+(?:\\.\\d{1,${GPA_DECIMALS}})?$`);
      return schema.test(
        'gpa',
        messages.gpa(GPA_MAX),
        filled((v) => pattern.test(v) && Number(v) <= GPA_MAX),
      );
    }
    case 'notBefore': {
      // On a month-year's year (`ownMonthKey` is its month): by year, then by month when both
      // months are given. Nothing to compare until the other year is given.
      const month = (key: string | undefined) =>
        key === undefined ? 0 : Number(text(answers[key]) || '0');
      return schema.test(
        'notBefore',
        messages.notBefore(rule.label),
        filled((v) => {
          const startYear = Number(text(answers[rule.yearKey]));
          const endYear = Number(v);
          if (!startYear || !endYear) return true;
          if (endYear !== startYear) return endYear > startYear;
          const startMonth = month(rule.monthKey);
          const endMonth = month(ownMonthKey);
          return startMonth === 0 || endMonth === 0 || endMonth >= startMonth;
        }),
      );
    }
    case 'birthDate':
      // SPEC §5: between 100 years ago and 13 years ago (dates.ts, which the date field runs
      // as the date is entered).
      return schema
        .test(
          'tooYoung',
          messages.tooYoung,
          filled((v) => birthDateMessage(v, now, messages) !== messages.tooYoung),
        )
        .test(
          'unsupported',
          messages.birthDateUnsupported,
          filled((v) => birthDateMessage(v, now, messages) !== messages.birthDateUnsupported),
        );
    case 'yearWindow': {
      // SPEC §5: from 8, 19, 64 or 74 years back to 2 years ahead.
      const min = now.getFullYear() - rule.yearsBack;
      const max = now.getFullYear() + (rule.yearsAhead ?? YEAR_WINDOW_AHEAD);
      // A year answer ("2024") or a date answer ("2024-05-01"): the year is the first four digits.
      const year = (v: string) => Number(v.slice(0, 4));
      return schema
        .test(
          'minYear',
          messages.minYear(min),
          filled((v) => year(v) >= min),
        )
        .test(
          'maxYear',
          messages.maxYear(max),
          filled((v) => year(v) <= max),
        );
    }
    case 'mustEqual':
      // SPEC §5 STOP answers: e.g. prev_gallatin must be N.
      return schema.test(
        'mustEqual',
        rule.message,
        (value) => !isAnswered(value) || value === rule.value,
      );
    case 'satTotal':
      return schema.test(
        'satTotal',
        messages.satTotal,
        filled((v) => /^\d{3,4}$/.test(v)),
      );
    case 'satSection':
      return schema.test(
        'satSection',
        messages.satSection,
        filled((v) => inRange(v, 200, 800, 10, false)),
      );
    case 'satSubscore':
      return schema.test(
        'satSubscore',
        messages.satSubscore,
        filled((v) => inRange(v, 10, 40, 1, rule.decimals === true)),
      );
    case 'actScore':
      return schema.test(
        'actScore',
        messages.actScore,
        filled((v) => inRange(v, 1, 36, 1, false)),
      );
    case 'actWriting':
      return schema.test(
        'actWriting',
        messages.actWriting,
        filled((v) => inRange(v, 1, 12, 1, false)),
      );
    case 'homeOrMobile': {
      // SPEC §5: home phone required when there is no mobile (nor international) phone.
      const others = [
        rule.mobileKey,
        ...(rule.internationalKey === undefined ? [] : [rule.internationalKey]),
      ];
      return schema.test(
        'homeOrMobile',
        rule.message,
        (value) => isAnswered(value) || others.some((key) => isAnswered(answers[key])),
      );
    }
    case 'requiredWhenTrue':
      // SPEC §5: phone_mobile required when optin_sms_ind is true.
      return schema.test(
        'requiredWhenTrue',
        rule.message,
        (value) => answers[rule.key] !== true || isAnswered(value),
      );
    case 'noneUnlessAny':
      // SPEC §5: crime_no / pending_no / charges_no must be ticked unless an item is.
      // "None of these" excludes every item: both ticked is a contradiction, refused.
      return schema
        .test(
          'noneUnlessAny',
          rule.message,
          (value) => value === true || rule.keys.some((key) => answers[key] === true),
        )
        .test(
          'noneAlone',
          messages.noneAndAny,
          (value) => value !== true || !rule.keys.some((key) => answers[key] === true),
        );
  }
}
