/**
 * SPEC §5's new-password rules and SPEC §2's requirement list, apart from the account forms' yup
 * schemas (account.ts): a card shows the list before it needs the schemas, so the list comes
 * without yup (form-app fetches the schemas on first use, so a page's first download holds no yup).
 */
import { characterCount, PASSWORD_MIN_LENGTH } from './limits.ts';
import { messages } from './messages.ts';

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
