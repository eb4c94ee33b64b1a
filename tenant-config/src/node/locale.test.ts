import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { assembleCollege } from '../assemble.ts';
import { formatProblem } from '../problems.ts';
import { loadTenant, newCollege, readCollegeFiles, writeLocaleDraft } from './index.ts';

const scratch = mkdtempSync(join(tmpdir(), 'admit-locales-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const writeJson = (file: string, value: unknown) => {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
};
const problemsOf = (dir: string) =>
  assembleCollege(readCollegeFiles(dir), { id: 'riverbend' }).problems.map(formatProblem);

describe('writeLocaleDraft: a language file for a translator', () => {
  it('writes every text of a college without one, each to translate, and the check lists them', () => {
    const dir = join(scratch, 'riverbend');
    newCollege(dir, 'example');
    unlinkSync(join(dir, 'locales/es.json'));
    const college = readJson(join(dir, 'college.json'));
    writeJson(join(dir, 'college.json'), { ...college, languages: ['en'] });

    const written = writeLocaleDraft(dir, 'es');
    const draft = readJson(written.file);
    const texts = draft.texts as Record<string, string>;
    expect(written).toMatchObject({ unused: 0, named: false });
    expect(written.added).toBe(Object.keys(loadTenant('example').translations?.es ?? {}).length);
    // In the order the college holds them, college.json's first, the first step's next.
    expect(Object.keys(texts).slice(0, 2)).toEqual(['Riverbend Community College', 'Riverbend']);
    expect(Object.values(texts).every((text) => text === '')).toBe(true);
    // The folder's own copy of the schemas, as `college new` wrote it.
    expect(draft.$schema).toBe('../schema/locale.schema.json');

    writeJson(join(dir, 'college.json'), { ...college, languages: ['en', 'es'] });
    const problems = problemsOf(dir);
    expect(problems).toHaveLength(written.added);
    expect(problems[0]).toMatch(
      /^locales\/es\.json:\d+: \/texts\/Riverbend Community College: is not translated yet: write its translation$/,
    );
  });

  it('keeps every translation, adds a changed text and keeps its old entry at the end', () => {
    const dir = join(scratch, 'riverbend-changed');
    newCollege(dir, 'example');
    const step = readJson(join(dir, 'steps/about.json'));
    const sections = step.sections as Json[];
    const first: Json = sections[0] ?? {};
    const old = first.title as string;
    writeJson(join(dir, 'steps/about.json'), {
      ...step,
      sections: [{ ...first, title: 'Your Legal Name' }, ...sections.slice(1)],
    });
    const before = readJson(join(dir, 'locales/es.json')).texts as Record<string, string>;

    expect(writeLocaleDraft(dir, 'es')).toMatchObject({ added: 1, unused: 1, named: true });
    const texts = readJson(join(dir, 'locales/es.json')).texts as Record<string, string>;
    expect(texts['Your Legal Name']).toBe('');
    expect(Object.entries(texts).at(-1)).toEqual([old, before[old]]);
    for (const [text, translation] of Object.entries(before)) expect(texts[text]).toBe(translation);
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(
        /\/texts\/Your Legal Name: is not translated yet: write its translation$/,
      ),
      expect.stringMatching(
        new RegExp(`/texts/${old}: translates a text the college no longer uses`),
      ),
    ]);
  });

  it('refuses a language that is not a BCP 47 tag', () => {
    expect(() => writeLocaleDraft(join(scratch, 'riverbend'), 'Spanish')).toThrow(
      '"Spanish" is not a language tag (BCP 47), such as "es" or "vi".',
    );
  });
});
