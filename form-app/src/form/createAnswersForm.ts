import { type Answers } from '@admit/form-model';
import { createForm, type Decorator, type FormApi } from 'final-form';

import { removeGroup } from './groups.ts';

/**
 * The application's Final Form, holding `answers` as its values but NOT as its initial values.
 * react-final-form 7 sets a field back to the form's initial value whenever a removed field
 * mounts again, which would bring a cleared answer back each time its hidden block shows
 * (SPEC §4 says it is cleared). Saves diff against their own snapshot (useSaving), so nothing
 * here needs Final Form's notion of initial values. The decorators (clearing) are applied once
 * the answers are in; `form.mutators.removeGroup` removes an add-another group (groups.ts).
 */
export function createAnswersForm(
  answers: Answers,
  decorators: readonly Decorator<Answers>[] = [],
): FormApi<Answers> {
  const form = createForm<Answers>({ onSubmit: () => undefined, mutators: { removeGroup } });
  form.batch(() => {
    for (const [key, value] of Object.entries(answers)) form.change(key, value);
  });
  for (const decorate of decorators) decorate(form);
  return form;
}
