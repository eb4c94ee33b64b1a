import { type PageConfig } from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import {
  type BannerFacts,
  bannerState,
  carriedState,
  completionRedirect,
  conversionOnLeave,
  initialAnswers,
  lastPageToRecord,
  navigation,
  resumePath,
  shouldPostStarted,
  statusBeforeSubmit,
  submitOutcome,
  tabSwitch,
  tabSwitchConfirmation,
} from './rules.ts';

const ROUTES = ['/about', '/education', '/final-steps'];

describe('shouldPostStarted (SPEC §4)', () => {
  it.each([
    [true, 'none', true],
    [true, 'started', false],
    [true, 'validating', false],
    [true, 'submitted', false],
    [false, 'none', false],
  ] as const)('logged in %s, status %s → %s', (loggedIn, status, expected) => {
    expect(shouldPostStarted(loggedIn, status)).toBe(expected);
  });
});

describe('completionRedirect (SPEC §2)', () => {
  it.each([
    [true, '/about', { to: '/completion', keepState: true }],
    [true, '/completion', undefined],
    [false, '/completion', { to: '/about', keepState: false }],
    [false, '/education', undefined],
  ] as const)('submitted %s at %s → %j', (submitted, path, expected) => {
    expect(completionRedirect(submitted, path, '/completion', '/about')).toEqual(expected);
  });
});

describe('carriedState (the success message announced once)', () => {
  it.each([
    [{ successMessage: 'You have successfully logged in.' }, {}],
    [
      { successMessage: 'You have successfully logged in.', username: 'ada@example.com' },
      { username: 'ada@example.com' },
    ],
    [{ username: 'ada@example.com' }, { username: 'ada@example.com' }],
    [null, {}],
    [undefined, {}],
  ] as const)('%j → %j', (state, expected) => {
    expect(carriedState(state)).toEqual(expected);
  });
});

describe('resumePath (SPEC §2)', () => {
  const facts = {
    isLoggedIn: true,
    submitted: false,
    lastPage: 'education',
    path: '/about',
    hasChangedPage: false,
    formRoutes: ROUTES,
  };
  it.each([
    ['resumes at the stored page', {}, '/education'],
    ['not for a visitor', { isLoggedIn: false }, undefined],
    ['not once submitted', { submitted: true }, undefined],
    ['not without a stored page', { lastPage: '' }, undefined],
    ['not to an unknown route', { lastPage: 'nowhere' }, undefined],
    ['not when already there', { path: '/education' }, undefined],
    ['not once the applicant moved', { hasChangedPage: true }, undefined],
  ])('%s', (_name, change, expected) => {
    expect(resumePath({ ...facts, ...change })).toBe(expected);
  });
});

describe('lastPageToRecord (SPEC §4)', () => {
  it.each([
    [true, 'started', '/education', undefined, 'education'],
    [true, 'validating', '/final-steps', '/about', 'final-steps'],
    [true, 'started', '/education', '/education', undefined],
    [true, 'none', '/education', undefined, undefined],
    [true, 'submitted', '/education', undefined, undefined],
    [false, 'started', '/education', undefined, undefined],
    [true, 'started', '/completion', undefined, undefined],
  ] as const)('logged in %s, %s, at %s (recorded %s) → %s', (li, status, path, rec, expected) => {
    expect(lastPageToRecord(li, status, path, rec, ROUTES)).toBe(expected);
  });
});

describe('bannerState (SPEC §1)', () => {
  const facts: BannerFacts = {
    webStatus: 'started',
    isLoggedIn: true,
    hasChangedPage: false,
    numLogins: 1,
  };
  it.each([
    ['first login', {}, 'firstLogin'],
    ['returning', { numLogins: 3 }, 'returning'],
    ['visitor', { isLoggedIn: false, webStatus: 'none' }, 'notLoggedIn'],
    ['submitted', { webStatus: 'submitted' }, 'submitted'],
    ['hidden while validating', { webStatus: 'validating' }, undefined],
    ['hidden once the page changed', { hasChangedPage: true }, undefined],
  ] as const)('%s', (_name, change, expected) => {
    expect(bannerState({ ...facts, ...change })).toBe(expected);
  });
});

describe('navigation (SPEC §2, §6)', () => {
  it.each([
    [{ isLoggedIn: false, hasAnswers: true, validating: false }, { kind: 'signup' }],
    [
      { isLoggedIn: false, hasAnswers: false, validating: false },
      { kind: 'go', to: '/x' },
    ],
    [
      { isLoggedIn: true, hasAnswers: true, validating: false },
      { kind: 'save-then-go', to: '/x', postValidations: false },
    ],
    [
      { isLoggedIn: true, hasAnswers: false, validating: true },
      { kind: 'save-then-go', to: '/x', postValidations: true },
    ],
  ])('%j → %j', (facts, expected) => {
    expect(navigation('/x', facts)).toEqual(expected);
  });
});

describe('submit (SPEC §4)', () => {
  it.each([
    ['none', 'validating'],
    ['started', 'validating'],
    ['validating', undefined],
    ['submitted', undefined],
  ] as const)('status %s posts %s first', (status, expected) => {
    expect(statusBeforeSubmit(status)).toBe(expected);
  });
  it.each([
    [0, 'submit'],
    [1, 'show-errors'],
    [12, 'show-errors'],
  ] as const)('%i errors → %s', (count, expected) => {
    expect(submitOutcome(count)).toBe(expected);
  });
});

describe('initialAnswers (SPEC §6)', () => {
  it.each([
    [
      'a visitor: the temporary application, then the carried answers',
      { isLoggedIn: false, saved: { a: 'x' }, carried: { b: '2' }, temporary: { b: '1', c: '3' } },
      { b: '2', c: '3' },
    ],
    [
      'an applicant: carried answers fill only empty keys',
      {
        isLoggedIn: true,
        saved: { a: 'x', b: '' },
        carried: { a: 'y', b: 'z', c: 'w' },
        temporary: {},
      },
      { a: 'x', b: 'z', c: 'w' },
    ],
    [
      'an applicant: answers the server never acknowledged come back over the saved ones',
      {
        isLoggedIn: true,
        saved: { a: 'x', b: '' },
        carried: {},
        temporary: {},
        pending: { a: 'typed', c: '' },
      },
      { a: 'typed', b: '', c: '' },
    ],
    [
      "a visitor: pending answers are an applicant's only",
      { isLoggedIn: false, saved: {}, carried: {}, temporary: {}, pending: { a: 'typed' } },
      {},
    ],
  ])('%s', (_name, facts, expected) => {
    expect(initialAnswers(facts)).toEqual(expected);
  });
});

const essayPage: PageConfig = {
  id: 'about',
  route: 'about',
  title: 'About',
  sections: [
    {
      id: 'essay',
      title: 'Essay',
      blocks: [
        {
          type: 'conditional',
          hideWhen: { valueKey: 'x', operator: 'equals', target: 'never' },
          blocks: [
            {
              type: 'tabs',
              tabId: 'essay',
              label: 'Essay',
              tabs: [
                {
                  id: 'type',
                  label: 'Type',
                  blocks: [{ type: 'textarea', key: 'essay', label: 'E' }],
                },
                {
                  id: 'upload',
                  label: 'Upload',
                  blocks: [{ type: 'file', key: 'essay_file', label: 'F' }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('tabSwitch (SPEC §2, §4)', () => {
  it.each([
    ['a visitor cannot switch', false, {}, 'upload', { kind: 'refused' }],
    [
      'leaving the default tab clears its answers',
      true,
      {},
      'upload',
      { kind: 'switch', clear: ['essay'], files: [] },
    ],
    [
      'leaving the stored tab clears it, its files checked',
      true,
      { tabs: { essay: 'upload' } },
      'type',
      { kind: 'switch', clear: ['essay_file'], files: ['essay_file'] },
    ],
    [
      'choosing the tab already chosen clears nothing',
      true,
      { tabs: { essay: 'upload' } },
      'upload',
      { kind: 'switch', clear: [], files: [] },
    ],
  ] as const)('%s', (_name, loggedIn, ui, tab, expected) => {
    expect(tabSwitch([essayPage], ui, loggedIn, 'essay', tab)).toEqual(expected);
  });

  it.each([
    ['nothing typed: no question', {}, {}, 'upload', undefined],
    ['only blanks: no question', {}, { essay: '' }, 'upload', undefined],
    [
      'typed text is named',
      {},
      { essay: 'Because…' },
      'upload',
      { title: 'Switch to “Upload”?', lines: ['Your answer to “E”'] },
    ],
    [
      'an uploaded document is named',
      { tabs: { essay: 'upload' } },
      { essay_file: 'essay.pdf' },
      'type',
      { title: 'Switch to “Type”?', lines: ['The uploaded document “essay.pdf” (F)'] },
    ],
    [
      'the chosen tab again: no question',
      { tabs: { essay: 'upload' } },
      { essay_file: 'essay.pdf' },
      'upload',
      undefined,
    ],
  ] as const)('tabSwitchConfirmation: %s', (_name, ui, values, tab, expected) => {
    const plan = tabSwitch([essayPage], ui, true, 'essay', tab);
    expect(tabSwitchConfirmation([essayPage], plan, 'essay', tab, values)).toEqual(expected);
  });

  it('tabSwitchConfirmation: a visitor is never asked', () => {
    const plan = tabSwitch([essayPage], {}, false, 'essay', 'upload');
    expect(tabSwitchConfirmation([essayPage], plan, 'essay', 'upload', { essay: 'x' })).toBe(
      undefined,
    );
  });

  it.each([
    ['unprocessed', 'block'],
    ['in_progress', 'block'],
    ['not_answered', 'none'],
    ['completed', 'delete'],
    ['failed', 'delete'],
  ] as const)('a file %s on leaving → %s', (status, expected) => {
    expect(conversionOnLeave(status)).toBe(expected);
  });
});
