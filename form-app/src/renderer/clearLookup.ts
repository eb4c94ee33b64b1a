import { type AnswersForm, changeAnswers } from '../engine/index.ts';
import { type Of } from './useQuestionInput.ts';

/** SPEC §4: clearing a lookup empties its answer and the related fields it filled. */
export function clearLookup(
  form: AnswersForm,
  question: Of<'lookup'>,
  /** A key's field name where the lookup sits (in a group: in its item; AnswerScope.tsx). */
  name: (key: string) => string,
): void {
  const keys = [question.key, ...Object.values(question.fills)];
  changeAnswers(form, Object.fromEntries(keys.map((key) => [name(key), ''])));
}
