/** The ten operators of SPEC §3. */
export type Operator =
  | 'equals'
  | 'notEquals'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'notAnswered'
  | 'answered'
  | 'in'
  | 'notIn';

/** A condition as data: `{valueKey, operator, target}` (SPEC §3). */
export interface Condition {
  valueKey: string;
  operator: Operator;
  /** Compared value; a list for `in`/`notIn`; unused by `answered`/`notAnswered`. */
  target?: string | number | boolean | readonly (string | number | boolean)[];
}

/** Conditions combine: all must hold, or any may. */
export type ConditionExpr =
  Condition | { all: readonly ConditionExpr[] } | { any: readonly ConditionExpr[] };
