/**
 * A new college's folder, copied from a bundled one (`npm run admin -- college new DIR`): the
 * college's files, and the JSON Schemas beside them, so that each file's `$schema` resolves in
 * an editor wherever the folder lives, with no path back into an Admit install.
 */
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { COLLEGE_FILE } from '../assemble.ts';
import { TenantConfigError } from '../problems.ts';
import { BUNDLED_COLLEGES_DIR, bundledCollegeIds, readCollegeFiles, SCHEMA_DIR } from './load.ts';

/** Where a new folder keeps its copy of the schemas. */
export const SCHEMA_COPY = 'schema';

/** The `$schema` a file at `path` (relative to the folder) names, to the folder's own copy. */
export function schemaPathFor(path: string): string {
  const up = '../'.repeat(path.split('/').length - 1);
  const schema =
    path === COLLEGE_FILE
      ? 'college'
      : path.startsWith('steps/')
        ? 'step'
        : path.startsWith('locales/')
          ? 'locale'
          : 'options';
  return `${up === '' ? './' : up}${SCHEMA_COPY}/${schema}.schema.json`;
}

/** A JSON file's text with its `$schema` pointing at `schema`, the rest as written. */
function withSchema(text: string, schema: string): string {
  return text.replace(/("\$schema"\s*:\s*)"[^"]*"/, `$1${JSON.stringify(schema)}`);
}

/** Copies the JSON Schemas into `dir/schema/` (a new folder, or after an upgrade of Admit). */
export function writeCollegeSchemas(dir: string): string[] {
  const target = join(resolve(dir), SCHEMA_COPY);
  mkdirSync(target, { recursive: true });
  const files = readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.schema.json'));
  for (const file of files) copyFileSync(join(SCHEMA_DIR, file), join(target, file));
  return files.map((file) => `${SCHEMA_COPY}/${file}`);
}

/**
 * Whether `dir/schema/` is a copy of the JSON Schemas from another version of Admit (a file
 * missing or different). False when the folder has no copy (a bundled college names the
 * package's own).
 */
export function schemaCopyStale(dir: string): boolean {
  if (!statSync(join(dir, SCHEMA_COPY), { throwIfNoEntry: false })?.isDirectory()) return false;
  return readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith('.schema.json'))
    .some((file) => {
      try {
        return (
          readFileSync(join(dir, SCHEMA_COPY, file), 'utf8') !==
          readFileSync(join(SCHEMA_DIR, file), 'utf8')
        );
      } catch {
        return true;
      }
    });
}

/**
 * Writes a new college's folder at `dir`, a copy of the bundled college `from`, each file's
 * `$schema` naming the copy of the schemas written beside it. Refuses a `dir` that exists and
 * is not empty. Returns the files written, relative to `dir`.
 */
export function newCollege(dir: string, from: string): string[] {
  const known = bundledCollegeIds();
  if (!known.includes(from))
    throw new TenantConfigError(from, [
      `no bundled college "${from}" to start from; the bundled ones: ${known.join(', ')}`,
    ]);
  const target = resolve(dir);
  const existing = statSync(target, { throwIfNoEntry: false });
  if (existing !== undefined && (!existing.isDirectory() || readdirSync(target).length > 0))
    throw new TenantConfigError(dir, [
      `${dir}: already exists and is not an empty folder; choose a new one`,
    ]);
  const source = join(BUNDLED_COLLEGES_DIR, from);
  const files = readCollegeFiles(source);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    writeFileSync(
      join(target, path),
      path.endsWith('.json') ? withSchema(text, schemaPathFor(path)) : text,
    );
  }
  return [...Object.keys(files), ...writeCollegeSchemas(target)].sort();
}
