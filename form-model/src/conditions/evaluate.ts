import { type Answers, type AnswerValue } from '../config/types.ts';
import { type Condition, type ConditionExpr } from './types.ts';

/** True when an answer counts as given: not missing, not "", not false. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  return value !== undefined && value !== '' && value !== false;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** Answers compare as text, so "2" equals 2 and true equals "true". */
function same(a: unknown, b: unknown): boolean {
  return String(a) === String(b);
}

/** Evaluates one condition of SPEC §3 against the answers. */
export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  const value = answers[condition.valueKey];
  const { target } = condition;
  switch (condition.operator) {
    case 'answered':
      return isAnswered(value);
    case 'notAnswered':
      return !isAnswered(value);
    case 'equals':
      return same(value ?? '', target);
    case 'notEquals':
      return !same(value ?? '', target);
    case 'in':
      return Array.isArray(target) && target.some((t) => same(value ?? '', t));
    case 'notIn':
      return !(Array.isArray(target) && target.some((t) => same(value ?? '', t)));
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      // Numeric comparisons are false for an unanswered or non-numeric value.
      const a = toNumber(value);
      const b = toNumber(target);
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      if (condition.operator === 'lt') return a < b;
      if (condition.operator === 'lte') return a <= b;
      if (condition.operator === 'gt') return a > b;
      return a >= b;
    }
  }
}

/** Evaluates a condition, or an `all`/`any` combination of them. */
export function evaluate(expr: ConditionExpr, answers: Answers): boolean {
  if ('all' in expr) return expr.all.every((e) => evaluate(e, answers));
  if ('any' in expr) return expr.any.some((e) => evaluate(e, answers));
  return evaluateCondition(expr, answers);
}

/** Every answer key a condition expression reads. */
export function conditionKeys(expr: ConditionExpr): string[] {
  if ('all' in expr) return expr.all.flatMap(conditionKeys);
  if ('any' in expr) return expr.any.flatMap(conditionKeys);
  return [expr.valueKey];
}
