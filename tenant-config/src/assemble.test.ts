import { describe, expect, it } from 'vitest';

import { assembleCollege, type CollegeFiles } from './assemble.ts';
import { BUNDLED_COLLEGES_DIR, readCollegeFiles } from './node/index.ts';
import { formatProblem } from './problems.ts';

/**
 * Gallatin's files in its own language only (college.json's `languages` and `locales/` left
 * out), so that a test's new text needs no translation: localize.test.ts checks translations.
 */
const GALLATIN = englishOnly(readCollegeFiles(`${BUNDLED_COLLEGES_DIR}/gallatin`));

function englishOnly(files: CollegeFiles): CollegeFiles {
  const college = JSON.parse(files['college.json'] ?? '{}') as Record<string, unknown>;
  delete college.languages;
  return Object.fromEntries([
    ...Object.entries(files).filter(([file]) => !file.startsWith('locales/')),
    ['college.json', `${JSON.stringify(college, null, 2)}\n`],
  ]);
}

/** Gallatin's files with some changed: a JSON file through `edit`, any file by text. */
function changed(
  edits: Record<string, ((value: Record<string, unknown>) => void) | string | undefined>,
): CollegeFiles {
  const removed = Object.keys(edits).filter((file) => edits[file] === undefined);
  const files: Record<string, string> = Object.fromEntries(
    Object.entries(GALLATIN).filter(([file]) => !removed.includes(file)),
  );
  for (const [file, edit] of Object.entries(edits)) {
    if (edit === undefined) continue;
    if (typeof edit === 'string') files[file] = edit;
    else {
      const value = JSON.parse(files[file] ?? '{}') as Record<string, unknown>;
      edit(value);
      files[file] = `${JSON.stringify(value, null, 2)}\n`;
    }
  }
  return files;
}

const problemsOf = (files: CollegeFiles) =>
  assembleCollege(files, { id: 'gallatin' }).problems.map(formatProblem);

type Json = Record<string, unknown>;
const sections = (step: Json) => step.sections as { id: string; blocks: Json[] }[];
const firstBlocks = (step: Json) => sections(step)[0]?.blocks ?? [];

describe('assembleCollege: a college from its files', () => {
  it("builds Gallatin's TenantConfig: the settings, the logo, the pages in step order", () => {
    const { config, problems } = assembleCollege(GALLATIN, { id: 'gallatin' });
    expect(problems).toEqual([]);
    expect(config?.id).toBe('gallatin');
    expect(config?.names.college).toBe('Gallatin College');
    expect(config?.pages.map((page) => page.id)).toEqual(['about', 'education', 'final-steps']);
    expect(config?.logoSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The source format's own fields stay in the files.
    expect(config).not.toHaveProperty('steps');
    expect(config).not.toHaveProperty('logo');
    expect(config).not.toHaveProperty('$schema');
    expect(config?.pages[0]).not.toHaveProperty('$schema');
  });

  it('names the line of a file that is not JSON, and a key written twice', () => {
    expect(
      problemsOf(changed({ 'steps/final-steps.json': '{\n  "id": "final-steps",\n  "id": 1,\n' })),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^steps\/final-steps\.json:3: is not JSON: Unexpected token Comma found\.$/,
        ),
      ]),
    );
    const twice = GALLATIN['college.json']?.replace(
      '"characterLimit": 7000,',
      '"characterLimit": 7000,\n  "characterLimit": 6000,',
    );
    expect(problemsOf(changed({ 'college.json': twice }))).toContainEqual(
      expect.stringMatching(
        /^college\.json:\d+: \/characterLimit: "characterLimit" is written twice in one object/,
      ),
    );
  });

  it('checks the steps college.json lists against the files in steps/, both ways', () => {
    const problems = problemsOf(
      changed({
        'college.json': (college) => {
          college.steps = ['about', 'education', 'review'];
        },
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^college\.json:\d+: \/steps\/2: lists the step "review", but there is no file steps\/review\.json$/,
      ),
      expect.stringMatching(
        /^steps\/final-steps\.json: is not one of the steps college\.json lists \(about, education, review\)/,
      ),
    ]);
    expect(problemsOf(changed({ 'college.json': undefined }))).toEqual([
      expect.stringMatching(/^college\.json: is missing/),
    ]);
  });

  it("names a step whose id is not its file's name, and a default route no step has", () => {
    expect(
      problemsOf(
        changed({
          'steps/education.json': (step) => {
            step.id = 'academics';
          },
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /^steps\/education\.json:3: \/id: is "academics"; a step's id is its file's name, "education"$/,
      ),
    ]);
    expect(
      problemsOf(
        changed({
          'college.json': (college) => {
            college.defaultRoute = 'start';
          },
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /^college\.json:\d+: \/defaultRoute: "start" is no step's route \(about, education, final-steps\)$/,
      ),
    ]);
  });

  it('lists every problem of the schema round at once, each at its JSON path', () => {
    const problems = problemsOf(
      changed({
        'college.json': (college) => {
          college.characterLimit = 0;
          college.colour = 'blue';
          (college.urls as Json).home = 'www.gallatin.edu';
        },
        'steps/about.json': (step) => {
          firstBlocks(step).push({ type: 'txt', key: 'nickname', label: 'Nickname' });
          firstBlocks(step).push({
            type: 'text',
            key: 'nickname2',
            label: 'Nickname',
            maxLength: 9000,
          });
        },
        'steps/final-steps.json': (step) => {
          firstBlocks(step).push({
            type: 'add-another',
            buttonId: 'referee',
            label: 'Add a referee',
            max: 12,
            keys: { first: 'referee_', next: 'referee_{n}_' },
            template: [{ type: 'text', key: 'referee_name', label: 'Referee {n}' }],
          });
        },
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^college\.json:\d+: \/characterLimit: is 0; it must be at least 1$/),
        expect.stringMatching(/^college\.json:\d+: \/colour: is not a field here \(allowed here: /),
        expect.stringMatching(
          /^college\.json:\d+: \/urls\/home: "www\.gallatin\.edu" is not allowed here: A web address/,
        ),
        expect.stringMatching(
          /^steps\/about\.json:\d+: \/sections\/0\/blocks\/\d+\/type: must be one of "text", /,
        ),
        expect.stringMatching(
          /^steps\/about\.json:\d+: \/sections\/0\/blocks\/\d+\/maxLength: is 9000; it must be at most 7000$/,
        ),
        expect.stringMatching(
          /^steps\/final-steps\.json:\d+: \/sections\/0\/blocks\/\d+\/max: is 12; it must be at most 10$/,
        ),
      ]),
    );
    expect(problems).toHaveLength(6);
  });

  it("puts form-model's page problems in their step's file, down to the field", () => {
    const problems = problemsOf(
      changed({
        'steps/final-steps.json': (step) => {
          firstBlocks(step).push(
            { type: 'text', key: 'first_name', label: 'First name, again' },
            {
              type: 'conditional',
              hideWhen: { valueKey: 'no_such_key', operator: 'answered' },
              blocks: [{ type: 'text', key: 'nickname', label: 'Nickname' }],
            },
          );
        },
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^steps\/about\.json:\d+: \/sections\/0\/blocks\/0\/key: "first_name" is stored by 2 questions; .*also at steps\/final-steps\.json/,
        ),
        expect.stringMatching(
          /^steps\/final-steps\.json:\d+: \/sections\/0\/blocks\/\d+\/hideWhen\/valueKey: names "no_such_key", but no question on any step stores it/,
        ),
      ]),
    );
  });

  it('limits every maxLength to the college’s character limit', () => {
    const problems = problemsOf(
      changed({
        'college.json': (college) => {
          college.characterLimit = 2000;
        },
      }),
    );
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems)
      expect(problem).toMatch(
        /^steps\/\S+\.json:\d+: \S+\/maxLength: is \d+, above the college's characterLimit 2000 \(college\.json\)$/,
      );
  });

  it('checks the time zone and the theme’s contrast (WCAG 2.2 AA)', () => {
    const problems = problemsOf(
      changed({
        'college.json': (college) => {
          college.timeZone = 'Mountain Time';
          const colors = (college.theme as { colors: Record<string, Json> }).colors;
          if (colors.primary !== undefined) colors.primary.main = '#7FA7D1';
        },
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^college\.json:\d+: \/timeZone: "Mountain Time" is not an IANA time zone/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^college\.json:\d+: \/theme\/colors\/primary\/main: link and focus ring: #7FA7D1 on #FFFFFF \(colors\.white\) is \d\.\d\d:1; WCAG 2\.2 AA needs 4\.5:1$/,
      ),
    );
  });

  it("takes the PDF's own look, and refuses a footer's unknown {field} and a colour under AA", () => {
    const look = {
      title: 'Admission Record',
      headerLines: ['Office of Admissions'],
      footer: '{college}: {title}, {applicant}',
      accentColor: '#7A0019',
      panelColor: '#FFF6DB',
    };
    const good = assembleCollege(
      changed({ 'college.json': (college) => void (college.pdf = look) }),
      { id: 'gallatin' },
    );
    expect(good.problems).toEqual([]);
    expect(good.config?.pdf).toEqual(look);

    const problems = problemsOf(
      changed({
        'college.json': (college) => {
          college.pdf = {
            footer: '{college} | {name}',
            accentColor: '#7FA7D1',
            panelColor: '#5A6270',
            colour: 'red',
          };
        },
      }),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^college\.json:\d+: \/pdf\/colour: /));
    const meaning = problemsOf(
      changed({
        'college.json': (college) => {
          college.pdf = {
            footer: '{college} | {name}',
            accentColor: '#7FA7D1',
            panelColor: '#5A6270',
          };
        },
      }),
    );
    expect(meaning).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^college\.json:\d+: \/pdf\/footer: names \{name\}; a footer may name \{college\}, \{title\}, \{applicant\}$/,
        ),
        expect.stringMatching(
          /^college\.json:\d+: \/pdf\/accentColor: PDF step band text: #FFFFFF on #7FA7D1 is \d\.\d\d:1; WCAG 2\.2 AA needs 4\.5:1$/,
        ),
        expect.stringMatching(
          /^college\.json:\d+: \/pdf\/panelColor: PDF panel labels: #5A6270 on #5A6270 /,
        ),
      ]),
    );
  });

  it('refuses a logo that could run or load something, naming its line', () => {
    expect(
      problemsOf(
        changed({
          'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg">\n<script>alert(1)</script>\n</svg>',
        }),
      ),
    ).toEqual(['logo.svg:2: <script> is not allowed: a script would run in every page']);
    expect(problemsOf(changed({ 'logo.svg': undefined }))).toEqual([
      expect.stringMatching(
        /^college\.json:\d+: \/logo: names logo\.svg, which is not in the folder$/,
      ),
    ]);
  });
});

describe("option lists: form-model's, or the college's options/ files", () => {
  const terms = {
    $schema: '../schema/options.schema.json',
    options: [
      { value: '202770', label: 'Fall 2027 (August)' },
      { value: '202830', label: 'Spring 2028 (January)' },
    ],
  };
  const withQuestion = (options: Json): CollegeFiles =>
    changed({
      'options/terms.json': JSON.stringify(terms),
      'steps/final-steps.json': (step) => {
        firstBlocks(step).push({ type: 'select', key: 'start_term', label: 'Start', options });
      },
    });
  const question = (files: CollegeFiles) => {
    const page = assembleCollege(files, { id: 'gallatin' }).config?.pages[2];
    return page?.sections[0]?.blocks.find(
      (block) => block.type === 'select' && block.key === 'start_term',
    );
  };

  it('puts a college list in place as options: the engine sees { options }', () => {
    expect(question(withQuestion({ list: 'terms' }))).toMatchObject({
      options: { options: terms.options },
    });
    expect(question(withQuestion({ list: 'countries' }))).toMatchObject({
      options: { list: 'countries' },
    });
    expect(
      question(
        withQuestion({
          byAnswer: {
            valueKey: 'entry_term',
            options: { A: { list: 'terms' }, B: { list: 'yesNo' } },
          },
        }),
      ),
    ).toMatchObject({
      options: {
        byAnswer: {
          options: {
            A: terms.options,
            B: [
              { value: 'Y', label: 'Yes' },
              { value: 'N', label: 'No' },
            ],
          },
        },
      },
    });
  });

  it('names a list that is neither, and refuses a file named like one of form-model’s', () => {
    expect(problemsOf(withQuestion({ list: 'semesters' }))).toEqual([
      expect.stringMatching(
        /^steps\/final-steps\.json:\d+: \/sections\/0\/blocks\/\d+\/options\/list: names the option list "semesters": neither form-model's own .* nor a file options\/semesters\.json$/,
      ),
    ]);
    expect(problemsOf(changed({ 'options/countries.json': JSON.stringify(terms) }))).toEqual([
      'options/countries.json: has the name of form-model\'s own list "countries", so { "list": "countries" } would be ambiguous: rename the file',
    ]);
    expect(
      problemsOf(changed({ 'options/terms.json': JSON.stringify({ options: [{ value: 1 }] }) })),
    ).toEqual([
      expect.stringMatching(/^options\/terms\.json:\d+: \/options\/0: needs "label"$/),
      expect.stringMatching(/^options\/terms\.json:\d+: \/options\/0\/value: must be a text/),
    ]);
  });
});
