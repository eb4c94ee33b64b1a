import { type Answers } from '@admit/form-model';
import { createForm, type FormApi } from 'final-form';

/**
 * The application's Final Form, holding `answers` as its values but NOT as its initial values.
 * react-final-form 7 sets a field back to the form's initial value whenever a removed field
 * mounts again, which would bring a cleared answer back each time its hidden block shows
 * (SPEC §4 says it is cleared). Saves diff against their own snapshot (useSaving), so nothing
 * here needs Final Form's notion of initial values.
 */
export function createAnswersForm(answers: Answers): FormApi<Answers> {
  const form = createForm<Answers>({ onSubmit: () => undefined });
  form.batch(() => {
    for (const [key, value] of Object.entries(answers)) form.change(key, value);
  });
  return form;
}
