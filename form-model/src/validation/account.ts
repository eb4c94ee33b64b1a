/**
 * The account forms of SPEC §3/§5: login, sign-up, confirm, forgot, reset, resend. On
 * submit only the relevant fields count (SPEC §5).
 */
import { object, string } from 'yup';

import { type ErrorMap, toErrorMap } from './errors.ts';
import { CONFIRMATION_CODE_LENGTH } from './limits.ts';
import { type ModelMessages } from './messages.ts';
import { passwordRules } from './password.ts';
import { EMAIL_PATTERN } from './rules.ts';

export type AccountForm = 'login' | 'signup' | 'confirm' | 'forgot' | 'reset' | 'resend';

export interface LoginForm {
  username: string;
  password: string;
}
export interface SignUpForm {
  username: string;
  password: string;
}
export interface ConfirmForm {
  username: string;
  code: string;
}
export interface ForgotForm {
  username: string;
}
export interface ResetForm {
  username: string;
  password: string;
  confirm_password: string;
  id: string;
}
export interface ResendForm {
  username: string;
}

const username = (message: string) =>
  string()
    .default('')
    .test('email', message, (value) => EMAIL_PATTERN.test(value.trim()));

const newPassword = (messages: ModelMessages) =>
  passwordRules.reduce(
    (schema, rule) => schema.test(rule.id, messages[rule.messageKey], (value) => rule.test(value)),
    string().default(''),
  );

/** The account forms' schemas with their messages in one language. */
const formSchemas = (messages: ModelMessages) => ({
  login: object({
    username: username(messages.loginEmailInvalid),
    password: string()
      .default('')
      .test('required', messages.passwordRequired, (v) => v !== ''),
  }),
  signup: object({ username: username(messages.emailInvalid), password: newPassword(messages) }),
  confirm: object({
    username: username(messages.emailInvalid),
    code: string()
      .default('')
      .test('code', messages.codeInvalid, (v) =>
        new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`).test(v.trim()),
      ),
  }),
  forgot: object({ username: username(messages.emailInvalid) }),
  reset: object({
    username: username(messages.emailInvalid),
    password: newPassword(messages),
    confirm_password: string()
      .default('')
      .test('match', messages.passwordsMustMatch, function match(value) {
        return value === (this.parent as { password?: string }).password;
      }),
    id: string()
      .default('')
      .test('id', messages.resetIdInvalid, (v) => /^[A-Za-z0-9_-]{16,}$/.test(v)),
  }),
  resend: object({ username: username(messages.resendEmailInvalid) }),
});

/** Built once per language's messages: a card checks on every keystroke. */
const schemasFor = new WeakMap<ModelMessages, ReturnType<typeof formSchemas>>();

function schemasIn(messages: ModelMessages): ReturnType<typeof formSchemas> {
  let schemas = schemasFor.get(messages);
  if (schemas === undefined) schemasFor.set(messages, (schemas = formSchemas(messages)));
  return schemas;
}

/** SPEC §5: on submit only these fields count. */
export const submitFields: Readonly<Record<AccountForm, readonly string[]>> = {
  signup: ['username', 'password'],
  login: ['username', 'password'],
  confirm: ['code'],
  forgot: ['username'],
  reset: ['password', 'confirm_password', 'id'],
  resend: ['username'],
};

/**
 * Validates an account form, its messages in `messages`' language. With `only` (default: SPEC
 * §5's submit fields) the other fields' errors are dropped; pass `only: 'all'` to check every
 * field (e.g. on the server).
 */
export function validateAccountForm(
  form: AccountForm,
  values: Readonly<Record<string, unknown>>,
  messages: ModelMessages,
  only: readonly string[] | 'all' = submitFields[form],
): ErrorMap {
  let errors: ErrorMap;
  try {
    schemasIn(messages)[form].validateSync(values, { abortEarly: false });
    errors = {};
  } catch (error) {
    errors = toErrorMap(error);
  }
  if (only === 'all') return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => only.includes(field)));
}
