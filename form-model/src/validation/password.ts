/**
 * SPEC §5's new-password rules and SPEC §2's requirement list, apart from the account forms' yup
 * schemas (account.ts): a card shows the list before it needs the schemas, so the list comes
 * without yup (form-app fetches the schemas on first use, so a page's first download holds no yup).
 */
import { characterCount, PASSWORD_MIN_LENGTH } from './limits.ts';
import { type ModelMessages } from './messages.ts';

/**
 * The special characters a password may use to meet the rule (SPEC §5 says "a fixed set");
 * the set of the identity provider the original ran on, which users may already know.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** One password rule: the requirement list shows it inactive, in error or met (SPEC §2). */
export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special' | 'whitespace';
  /** Its text's name among form-model's messages (`messagesIn`), in the applicant's language. */
  messageKey: PasswordMessageKey;
  test: (password: string) => boolean;
}

type PasswordMessageKey =
  | 'passwordMinLength'
  | 'passwordUppercase'
  | 'passwordLowercase'
  | 'passwordDigit'
  | 'passwordSpecial'
  | 'passwordWhitespace';

/** The new-password rules of SPEC §5, in the order the requirement list shows them. */
export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    messageKey: 'passwordMinLength',
    test: (p) => characterCount(p) >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', messageKey: 'passwordUppercase', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', messageKey: 'passwordLowercase', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', messageKey: 'passwordDigit', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    messageKey: 'passwordSpecial',
    test: (p) => Array.from(PASSWORD_SPECIAL_CHARACTERS).some((c) => p.includes(c)),
  },
  { id: 'whitespace', messageKey: 'passwordWhitespace', test: (p) => p === p.trim() },
];

export type RequirementState = 'inactive' | 'error' | 'success';

/**
 * SPEC §2: inactive while the password is empty, error when its message is among the errors
 * (both in `messages`' language).
 */
export function passwordRequirementStates(
  password: string,
  errors: readonly string[],
  messages: ModelMessages,
): { id: PasswordRule['id']; message: string; state: RequirementState }[] {
  return passwordRules.map((rule) => {
    const message = messages[rule.messageKey];
    return {
      id: rule.id,
      message,
      state: password === '' ? 'inactive' : errors.includes(message) ? 'error' : 'success',
    };
  });
}
