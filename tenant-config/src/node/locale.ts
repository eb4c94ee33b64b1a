/**
 * A college's language file written or brought up to date on disk, for a translator:
 * `npm run locale --workspace tenant-config -- DIR LANGUAGE` (scripts/locale.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

import { localeDraft, type LocaleDraft } from '../localize.ts';
import { SCHEMA_COPY } from './copy.ts';
import { readCollegeFiles, SCHEMA_DIR } from './load.ts';

/** What `writeLocaleDraft` did: the file written, and the draft's counts. */
export interface WrittenLocale extends Omit<LocaleDraft, 'text'> {
  file: string;
  /** Whether college.json's `languages` names the language (the check wants it to). */
  named: boolean;
}

/**
 * Writes `DIR/locales/<language>.json` with every text of the college: the translations it
 * already holds kept, each text without one added with an empty translation, the entries no
 * longer used kept at the end (`localeDraft`). The file's `$schema` names the folder's copy of
 * the schemas when it has one (`college new` writes it), else this package's.
 */
export function writeLocaleDraft(dir: string, language: string): WrittenLocale {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language))
    throw new Error(`"${language}" is not a language tag (BCP 47), such as "es" or "vi".`);
  const folder = resolve(dir);
  const files = readCollegeFiles(folder);
  const file = join(folder, 'locales', `${language}.json`);
  const schemaFolder = existsSync(join(folder, SCHEMA_COPY))
    ? join(folder, SCHEMA_COPY)
    : SCHEMA_DIR;
  const fallback = {
    $schema: `${relative(join(folder, 'locales'), schemaFolder).split(sep).join('/')}/locale.schema.json`,
    texts: {},
  };
  let existing: { $schema: string; texts: Readonly<Record<string, string>> } = fallback;
  if (existsSync(file)) {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const texts = value.texts;
    existing = {
      $schema: typeof value.$schema === 'string' ? value.$schema : fallback.$schema,
      // Only the entries that are texts: anything else the check would refuse anyway.
      texts:
        typeof texts === 'object' && texts !== null
          ? Object.fromEntries(
              Object.entries(texts).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            )
          : {},
    };
  }
  const { text, added, unused } = localeDraft(files, existing);
  mkdirSync(join(folder, 'locales'), { recursive: true });
  writeFileSync(file, text);
  const college = JSON.parse(files['college.json'] ?? '{}') as { languages?: unknown };
  const named = Array.isArray(college.languages) && college.languages.includes(language);
  return { file, added, unused, named };
}
