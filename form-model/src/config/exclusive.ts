/**
 * "None of these" in a checkbox set (SPEC §5 conduct questions): the option a `noneUnlessAny`
 * rule names as the set's own key excludes every item the rule lists, and each item excludes
 * it. The browser ticks with `exclusiveChanges`; the schema refuses both ticked at once.
 */
import { type Answers, type CheckboxesQuestion } from './types.ts';

/** The exclusive "None of these" key of a checkbox set and the items it excludes, if any. */
export function exclusiveNone(
  question: CheckboxesQuestion,
): { noneKey: string; itemKeys: readonly string[] } | undefined {
  for (const rule of question.rules ?? []) {
    if (rule.rule === 'noneUnlessAny') return { noneKey: question.key, itemKeys: rule.keys };
  }
  return undefined;
}

/**
 * The answers that ticking or unticking `key` sets: the box itself, and, when ticking,
 * "None of these" unticks every ticked item and an item unticks "None of these".
 *
 * @example exclusiveChanges(crime, { crime_arson: true }, 'crime_no', true)
 *   // { crime_no: true, crime_arson: false }
 */
export function exclusiveChanges(
  question: CheckboxesQuestion,
  answers: Answers,
  key: string,
  value: boolean,
): Record<string, boolean> {
  const changes: Record<string, boolean> = { [key]: value };
  const exclusive = exclusiveNone(question);
  if (!value || exclusive === undefined) return changes;
  const others = key === exclusive.noneKey ? exclusive.itemKeys : [exclusive.noneKey];
  if (key !== exclusive.noneKey && !exclusive.itemKeys.includes(key)) return changes;
  for (const other of others) if (answers[other] === true) changes[other] = false;
  return changes;
}
