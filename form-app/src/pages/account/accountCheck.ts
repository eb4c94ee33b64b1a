/** form-model's account check, with yup: its own chunk, fetched by `validation.ts` on first use. */
import { type AccountForm, type ErrorMap, validateAccountForm as check } from '@admit/form-model';

import { modelMessages } from '../../modelMessages.ts';

/** form-model's `validateAccountForm`, its messages in the page's language. */
export function validateAccountForm(
  form: AccountForm,
  values: Readonly<Record<string, unknown>>,
  only?: readonly string[] | 'all',
): ErrorMap {
  return check(form, values, modelMessages, only);
}
