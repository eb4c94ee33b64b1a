import { describe, expect, it } from 'vitest';

import { validateAccountForm } from './account.ts';
import { englishMessages } from './english.ts';
import { passwordRequirementStates, passwordRules } from './password.ts';

const messages = englishMessages();

const GOOD = 'Correct-Horse-7';

describe('account forms (SPEC §5, §8)', () => {
  const cases: [
    string,
    Parameters<typeof validateAccountForm>[0],
    Record<string, string>,
    Record<string, string[]>,
  ][] = [
    ['sign-up valid', 'signup', { username: 'ada@example.com', password: GOOD }, {}],
    [
      'sign-up e-mail',
      'signup',
      { username: 'ada', password: GOOD },
      { username: [messages.emailInvalid] },
    ],
    [
      'login e-mail has its own message',
      'login',
      { username: 'ada@', password: 'x' },
      { username: [messages.loginEmailInvalid] },
    ],
    [
      'login password required',
      'login',
      { username: 'ada@example.com', password: '' },
      { password: [messages.passwordRequired] },
    ],
    [
      'login does not apply the new-password rules',
      'login',
      { username: 'ada@example.com', password: 'short' },
      {},
    ],
    [
      'confirm code exactly 6 digits',
      'confirm',
      { username: 'ada@example.com', code: '12345' },
      { code: [messages.codeInvalid] },
    ],
    [
      'confirm code letters',
      'confirm',
      { username: 'ada@example.com', code: '12345a' },
      { code: [messages.codeInvalid] },
    ],
    ['confirm code valid', 'confirm', { username: 'ada@example.com', code: '012345' }, {}],
    [
      'confirm checks only the code on submit',
      'confirm',
      { username: 'not-an-email', code: '123456' },
      {},
    ],
    ['forgot e-mail', 'forgot', { username: 'ada' }, { username: [messages.emailInvalid] }],
    ['resend e-mail', 'resend', { username: '' }, { username: [messages.resendEmailInvalid] }],
    [
      'reset passwords must match',
      'reset',
      {
        username: 'ada@example.com',
        password: GOOD,
        confirm_password: `${GOOD}x`,
        id: 'a'.repeat(22),
      },
      { confirm_password: [messages.passwordsMustMatch] },
    ],
    [
      'reset id required',
      'reset',
      { username: 'ada@example.com', password: GOOD, confirm_password: GOOD, id: '' },
      { id: [messages.resetIdInvalid] },
    ],
    [
      'reset checks not the username on submit',
      'reset',
      { username: '', password: GOOD, confirm_password: GOOD, id: 'a'.repeat(22) },
      {},
    ],
  ];
  it.each(cases)('%s', (_title, form, values, expected) => {
    expect(validateAccountForm(form, values, messages)).toEqual(expected);
  });

  it('checks every field when asked (the server does)', () => {
    expect(
      validateAccountForm('confirm', { username: 'nope', code: '123456' }, messages, 'all'),
    ).toEqual({
      username: [messages.emailInvalid],
    });
  });

  describe('new password rules', () => {
    const rows: [string, string, string[]][] = [
      ['too short', 'Aa1!aaaaaaa', [messages.passwordMinLength]],
      ['no uppercase', 'correct-horse-7', [messages.passwordUppercase]],
      ['no lowercase', 'CORRECT-HORSE-7', [messages.passwordLowercase]],
      ['no digit', 'Correct-Horse-X', [messages.passwordDigit]],
      ['no special character', 'CorrectHorse77', [messages.passwordSpecial]],
      ['leading space', ' Correct-Horse-7', [messages.passwordWhitespace]],
      ['trailing space', 'Correct-Horse-7 ', [messages.passwordWhitespace]],
      [
        'empty breaks every rule but whitespace',
        '',
        [
          messages.passwordMinLength,
          messages.passwordUppercase,
          messages.passwordLowercase,
          messages.passwordDigit,
          messages.passwordSpecial,
        ],
      ],
      ['unicode letters count', 'Ünïcödé-Pässwörd-9', []],
    ];
    it.each(rows)('%s', (_title, password, expected) => {
      expect(
        validateAccountForm('signup', { username: 'ada@example.com', password }, messages)
          .password ?? [],
      ).toEqual(expected);
    });
  });

  it('requirement states: inactive when empty, error when failing, success otherwise (SPEC §2)', () => {
    expect(
      passwordRequirementStates('', [], messages).every((rule) => rule.state === 'inactive'),
    ).toBe(true);
    const errors =
      validateAccountForm('signup', { username: 'a@b.co', password: 'abc' }, messages).password ??
      [];
    const states = Object.fromEntries(
      passwordRequirementStates('abc', errors, messages).map((r) => [r.id, r.state]),
    );
    expect(states).toEqual({
      length: 'error',
      uppercase: 'error',
      lowercase: 'success',
      digit: 'error',
      special: 'error',
      whitespace: 'success',
    });
    expect(passwordRules).toHaveLength(6);
  });
});
