/**
 * No English left behind in a component: the repo's own ESLint config, run on probe components
 * placed where design-system's and form-app's files live, reports every text a person would
 * read that is written in the code instead of coming from a catalogue (`admit/no-literal-text`,
 * FormatJS's `no-literal-string-in-jsx` with the design-system's text props).
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const RULE = 'admit/no-literal-text';

const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  // Probes are not on disk, so type-aware rules are off; the literal rule needs no types.
  overrideConfig: [
    {
      ...tseslint.configs.disableTypeChecked,
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
  ],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

// The first lint loads the config and its plugins: seconds on a shared machine.
beforeAll(async () => {
  await eslint.lintText('', { filePath: 'form-app/src/layout/Probe.tsx' });
}, 60_000);

/**
 * The literals the rule reports in `source` at `filePath`, as the source text of each (a quoted
 * prop is reported with its name).
 */
async function literals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  const lines = source.split('\n');
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map((message) => {
      // Every probe literal sits on one line.
      const line = lines[message.line - 1] ?? '';
      return line.slice(message.column - 1, (message.endColumn ?? line.length + 1) - 1);
    });
}

/** A component of one JSX expression, as the packages write them. */
function component(jsx: string, before = ''): string {
  return `import { FormattedMessage, useIntl } from 'react-intl';
${before}
export function Probe({ name, open }: { name: string; open: boolean }) {
  const intl = useIntl();
  return (${jsx});
}
`;
}

const WHERE = [
  'design-system/src/Probe/Probe.tsx',
  'design-system/src/Probe/parts/ProbePart.tsx',
  'form-app/src/layout/Probe.tsx',
  'form-app/src/pages/account/Probe.tsx',
  'office-app/src/pages/Probe.tsx',
];

describe('a literal a person reads is refused in a component', () => {
  it.each(WHERE)('English between tags, in %s', async (filePath) => {
    expect(await literals(filePath, component('<p>Your answers are saved.</p>'))).toEqual([
      'Your answers are saved.',
    ]);
  });

  it('is at least a warning now (an error once every package has moved its texts)', async () => {
    const [result] = await eslint.lintText(component('<p>Saved</p>'), {
      filePath: 'form-app/src/layout/Probe.tsx',
    });
    const [message] = result?.messages ?? [];
    expect(message?.ruleId).toBe(RULE);
    expect(message?.severity).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['aria-label', '<button aria-label="Close" />', ['aria-label="Close"']],
    [
      'title of an HTML element',
      '<abbr title="Social Security number">SSN</abbr>',
      ['title="Social Security number"', 'SSN'],
    ],
    ['alt of an image', '<img alt="College logo" src="/logo.svg" />', ['alt="College logo"']],
    ['placeholder', '<input placeholder="Search" />', ['placeholder="Search"']],
    ['a widget’s label', '<TextInput id="password" label="Password" />', ['label="Password"']],
    [
      'a widget’s hint',
      '<TextInput id="code" hint="The code we emailed you" />',
      ['hint="The code we emailed you"'],
    ],
    ['a widget’s …Label', '<ConfirmDeletion confirmLabel="Remove" />', ['confirmLabel="Remove"']],
    ['a widget’s title in braces', "<LazyModal title={'Help'} />", ["'Help'"]],
    ['a widget’s helperText', '<Field helperText="Required" />', ['helperText="Required"']],
  ])('in a text prop: %s', async (_what, jsx, expected) => {
    expect(await literals('design-system/src/Probe/Probe.tsx', component(jsx))).toEqual(expected);
  });

  it('in each branch of a condition, and in a template literal with words', async () => {
    expect(
      await literals(
        'form-app/src/layout/Probe.tsx',
        component("<p title={`Remove ${name}?`}>{open ? 'Hide password' : 'Show password'}</p>"),
      ),
    ).toEqual(['`Remove ${name}?`', "'Hide password'", "'Show password'"]);
  });

  it('in a text prop handed to a widget as data', async () => {
    expect(
      await literals(
        'form-app/src/pages/Probe.tsx',
        component(
          '<Toast {...toast} />',
          "const toast = { severity: 'error', title: 'Resend Confirmation Code Error', message: `Could not send to ${String(1)}` };",
        ),
      ),
    ).toEqual(["'Resend Confirmation Code Error'", '`Could not send to ${String(1)}`']);
  });

  it('in a plain .ts module of the app too (a toast’s title, a dialog’s label)', async () => {
    expect(
      await literals(
        'form-app/src/pages/review/probe.ts',
        "export const failure = { title: 'Your draft PDF could not be made' };\n",
      ),
    ).toEqual(["'Your draft PDF could not be made'"]);
  });
});

describe('what is not a text to translate is let through', () => {
  it('texts from the catalogue, by id', async () => {
    expect(
      await literals(
        'design-system/src/Probe/Probe.tsx',
        component(`<section aria-label={intl.formatMessage({ id: 'ds.probe.region' })}>
      <FormattedMessage id="ds.probe.heading" values={{ name }} />
      <TextInput id="first_name" label={intl.formatMessage({ id: 'ds.probe.label' })} />
    </section>`),
      ),
    ).toEqual([]);
  });

  it('catalogue ids handed to a widget as data', async () => {
    expect(
      await literals(
        'design-system/src/Banner/Probe.tsx',
        "export const BANNER = { submitted: { title: 'ds.banner.submitted.title', message: 'ds.banner.submitted.message' } };\n",
      ),
    ).toEqual([]);
  });

  it('spacing and symbols without a letter, and props no person reads', async () => {
    expect(
      await literals(
        'form-app/src/layout/Probe.tsx',
        component(`<p className="note" id="first_name" data-testid="probe" role="status">
      {name}{' '}·{'\\u2009*'} <a href="/about" rel="noopener" target="_blank">{name}</a> — 2027
      <input type="email" autoComplete="username" name="username" />
    </p>`),
      ),
    ).toEqual([]);
  });

  it.each([
    'design-system/src/Probe/Probe.test.tsx',
    'design-system/src/Probe/Probe.stories.tsx',
    'form-app/src/layout/Probe.test.tsx',
    'form-app/src/testing/probe.tsx',
    'stories/src/Probe.stories.tsx',
    'server/src/probe.tsx',
  ])('fixtures and code outside the components: %s', async (filePath) => {
    expect(await literals(filePath, component('<p>Your answers are saved.</p>'))).toEqual([]);
  });
});
