/**
 * The account forms of SPEC §3/§5: login, sign-up, confirm, forgot, reset, resend. On
 * submit only the relevant fields count (SPEC §5).
 */
import { object, string } from 'yup';

import { type ErrorMap, toErrorMap } from './errors.ts';
import { characterCount, CONFIRMATION_CODE_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { messages } from './messages.ts';
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

/**
 * The special characters a password may use to meet the rule (SPEC §5 says "a fixed set");
 * the set of the identity provider the original ran on, which users may already know.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** One password rule: the requirement list shows it inactive, in error or met (SPEC §2). */
export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special' | 'whitespace';
  message: string;
  test: (password: string) => boolean;
}

/** The new-password rules of SPEC §5, in the order the requirement list shows them. */
export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    message: messages.passwordMinLength,
    test: (p) => characterCount(p) >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', message: messages.passwordUppercase, test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', message: messages.passwordLowercase, test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', message: messages.passwordDigit, test: (p) => /\d/.test(p) },
  {
    id: 'special',
    message: messages.passwordSpecial,
    test: (p) => Array.from(PASSWORD_SPECIAL_CHARACTERS).some((c) => p.includes(c)),
  },
  { id: 'whitespace', message: messages.passwordWhitespace, test: (p) => p === p.trim() },
];

export type RequirementState = 'inactive' | 'error' | 'success';

/** SPEC §2: inactive while the password is empty, error when its message is among the errors. */
export function passwordRequirementStates(
  password: string,
  errors: readonly string[],
): { id: PasswordRule['id']; message: string; state: RequirementState }[] {
  return passwordRules.map((rule) => ({
    id: rule.id,
    message: rule.message,
    state: password === '' ? 'inactive' : errors.includes(rule.message) ? 'error' : 'success',
  }));
}

const username = (message: string) =>
  string()
    .default('')
    .test('email', message, (value) => EMAIL_PATTERN.test(value.trim()));

const newPassword = () =>
  passwordRules.reduce(
    (schema, rule) => schema.test(rule.id, rule.message, (value) => rule.test(value)),
    string().default(''),
  );

const fields = {
  login: object({
    username: username(messages.loginEmailInvalid),
    password: string()
      .default('')
      .test('required', messages.passwordRequired, (v) => v !== ''),
  }),
  signup: object({ username: username(messages.emailInvalid), password: newPassword() }),
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
    password: newPassword(),
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
};

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
 * Validates an account form. With `only` (default: SPEC §5's submit fields) the other
 * fields' errors are dropped; pass `only: 'all'` to check every field (e.g. on the server).
 */
export function validateAccountForm(
  form: AccountForm,
  values: Readonly<Record<string, unknown>>,
  only: readonly string[] | 'all' = submitFields[form],
): ErrorMap {
  let errors: ErrorMap;
  try {
    fields[form].validateSync(values, { abortEarly: false });
    errors = {};
  } catch (error) {
    errors = toErrorMap(error);
  }
  if (only === 'all') return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => only.includes(field)));
}
