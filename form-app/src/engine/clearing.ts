/**
 * Clearing as a Final Form decorator, in the way final-form-calculate works (SPEC §4): the
 * form's subscriber applies form-model's one clearing function to every new set of values, and
 * a block that became hidden has its answers, and their `_desc`, set to "" in the same
 * notification, to be saved with the next save; a select set by code (a lookup's fills) gets
 * its `{key}_desc` the same way. Final Form runs changes made inside a
 * subscriber as one more notification, so nothing waits for React.
 */
import {
  clearHiddenAnswers,
  describeChoices,
  type FormAnswers,
  type FormContext as UiState,
  type PageConfig,
} from '@admit/form-model';
import { type Decorator, getIn } from 'final-form';

import { pageOptionLists } from '../pageIntl.ts';
import { type AnswersForm, replaceAnswers, valuesOf } from './createAnswersForm.ts';

/** What decides visibility besides the answers: the pages known so far and the UI state. */
export interface ClearingInputs {
  pages: readonly PageConfig[];
  ui: UiState;
}

export interface Clearing {
  /** Apply to a form (`decorator(form)`, or through `createAnswersForm`). */
  decorator: Decorator<FormAnswers>;
  /** New pages or UI state (a tab chosen, a trigger pressed): what they hide is cleared at once. */
  update: (inputs: ClearingInputs) => void;
}

/**
 * Sets the answers `clearHiddenAnswers` emptied, in the form's own shape (a group's inside its
 * item); nothing when nothing is hidden. Given the values `before` this change, a conditional
 * select kept across a change of its controlling answer is emptied too ("Other" under AAS is
 * not "Other" under Transfer).
 */
function clearHidden(form: AnswersForm, { pages, ui }: ClearingInputs, before?: FormAnswers): void {
  const values = valuesOf(form);
  const cleared = clearHiddenAnswers(pages, values, ui, before);
  // A choice set by code (a lookup's fills) gets its `{key}_desc` as a pick by hand does.
  const justSet = (name: string) =>
    before !== undefined && getIn(before, name) !== getIn(cleared, name);
  const described = describeChoices(pages, cleared, ui, justSet, undefined, pageOptionLists());
  if (described !== values) replaceAnswers(form, described);
}

export function createClearing(initial: ClearingInputs): Clearing {
  let inputs = initial;
  const forms = new Set<AnswersForm>();
  return {
    decorator: (form) => {
      forms.add(form);
      // Called at once with the current values (the stored answers: nothing before them),
      // then on every change, with the values of the call before.
      let before: FormAnswers | undefined;
      const unsubscribe = form.subscribe(
        ({ values }) => {
          const previous = before;
          before = values;
          clearHidden(form, inputs, previous);
        },
        { values: true },
      );
      return () => {
        unsubscribe();
        forms.delete(form);
      };
    },
    update: (next) => {
      if (next.pages === inputs.pages && next.ui === inputs.ui) return;
      inputs = next;
      for (const form of forms) clearHidden(form, inputs);
    },
  };
}
