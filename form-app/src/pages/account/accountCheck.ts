/** form-model's account check, with yup: its own chunk, fetched by `validation.ts` on first use. */
export { validateAccountForm } from '@admit/form-model';
