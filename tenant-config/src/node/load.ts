/**
 * Colleges from folders on disk, for Node (the server, the staff CLI, benches and tests):
 * `@admit/tenant-config/node`. The browser never imports this entry (lint refuses it there);
 * it reads the files and hands their texts to `assembleCollege`, which checks them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { assembleCollege, COLLEGE_FILE, type CollegeFiles } from '../assemble.ts';
import { DEFAULT_TENANT } from '../defaults.ts';
import { TenantConfigError } from '../problems.ts';
import { type TenantConfig } from '../types.ts';

/**
 * tenant-config's own folder: two up from this file when it runs from its sources (tsx,
 * Vitest); in a bundle that inlined it (server/dist/main.js, cli.js), the `tenant-config`
 * folder beside `server` (the repository's, or a release's: `npm run release` ships the
 * colleges and schemas there, with no node_modules link to the package), else where Node finds
 * the package from the bundle.
 */
function packageDir(): string {
  const fromSources = fileURLToPath(new URL('../..', import.meta.url));
  for (const candidate of [fromSources, join(fromSources, 'tenant-config')]) {
    try {
      const manifest = JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8')) as {
        name?: unknown;
      };
      if (manifest.name === '@admit/tenant-config') return candidate;
    } catch {
      // Not this package's folder: a bundle's.
    }
  }
  const schema = createRequire(import.meta.url).resolve(
    '@admit/tenant-config/schema/college.schema.json',
  );
  return dirname(dirname(schema));
}

const PACKAGE_DIR = packageDir();
/** The colleges this package ships, one folder each (`tenant-config/colleges/<id>`). */
export const BUNDLED_COLLEGES_DIR = join(PACKAGE_DIR, 'colleges');
/** The JSON Schemas of a college's files (`tenant-config/schema`). */
export const SCHEMA_DIR = join(PACKAGE_DIR, 'schema');

/** The most files a college's folder is read with: a folder of thousands is a mistake. */
const MAX_FILES = 500;
/** The largest file read (a step of Gallatin's is 150 KB). */
const MAX_FILE_BYTES = 2_000_000;
/** What the loader reads: the college's JSON and its SVG logo; anything else is left alone. */
const READ = /\.(json|svg)$/;
/** The folders of a college's folder that hold its files. */
const COLLEGE_FOLDERS = ['steps', 'options', 'locales'];

/** The ids of the bundled colleges, `gallatin` first. */
export function bundledCollegeIds(): string[] {
  return readdirSync(BUNDLED_COLLEGES_DIR, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(join(BUNDLED_COLLEGES_DIR, entry.name, COLLEGE_FILE)),
    )
    .map((entry) => entry.name)
    .sort(
      (a, b) => Number(b === DEFAULT_TENANT) - Number(a === DEFAULT_TENANT) || a.localeCompare(b),
    );
}

/**
 * A college's id from its folder's name: lower-case letters, digits and dashes
 * (`/srv/Riverbend CC` → `riverbend-cc`).
 */
export function collegeIdOf(dir: string): string {
  const id = basename(resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '');
  return id === '' ? 'college' : id;
}

/** The texts of a folder's JSON and SVG files, by path relative to it (with `/`). */
export function readCollegeFiles(dir: string): CollegeFiles {
  const files: Record<string, string> = {};
  let count = 0;
  const walk = (folder: string, depth: number) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        // college.json and the logo, steps/, options/ and locales/: nothing else is the college's (a
        // schema/ copy for the editor, notes, a .git folder are left alone).
        if (depth === 0 && COLLEGE_FOLDERS.includes(entry.name)) walk(path, depth + 1);
        continue;
      }
      if (!entry.isFile() || !READ.test(entry.name)) continue;
      count += 1;
      const name = relative(dir, path).split(sep).join('/');
      if (count > MAX_FILES)
        throw new TenantConfigError(dir, [
          `${name}: the folder holds more than ${MAX_FILES} files`,
        ]);
      if (statSync(path).size > MAX_FILE_BYTES)
        throw new TenantConfigError(dir, [`${name}: is larger than ${MAX_FILE_BYTES} bytes`]);
      files[name] = readFileSync(path, 'utf8');
    }
  };
  walk(dir, 0);
  return files;
}

/**
 * The college in a folder anywhere on disk, checked: throws `TenantConfigError` listing every
 * problem (each naming its file and JSON path). Its id is the folder's name.
 */
export function loadCollegeDir(dir: string): TenantConfig {
  const folder = resolve(dir);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw new TenantConfigError(dir, [`${dir}: is not a folder`]);
  const { config, problems } = assembleCollege(readCollegeFiles(folder), {
    id: collegeIdOf(folder),
  });
  if (config === undefined) throw new TenantConfigError(dir, problems);
  return config;
}

/**
 * A bundled college by id (`TENANT`), checked once: a broken college fails loudly at start
 * with every problem listed, not at an applicant's click.
 */
export function loadTenant(id: string = DEFAULT_TENANT): TenantConfig {
  const known = bundledCollegeIds();
  if (!known.includes(id))
    throw new TenantConfigError(id, [
      `no bundled college "${id}"; the bundled ones: ${known.join(', ')}`,
    ]);
  try {
    return loadCollegeDir(join(BUNDLED_COLLEGES_DIR, id));
  } catch (error) {
    // Named by its id, not by where this package sits on disk.
    if (error instanceof TenantConfigError) throw new TenantConfigError(id, error.problems);
    throw error;
  }
}

/** Which college a server serves: `TENANT_DIR` (a folder anywhere) or `TENANT` (bundled). */
export interface TenantChoice {
  /** A bundled college's id (TENANT). */
  tenant: string;
  /** A college's folder anywhere (TENANT_DIR); when set, it wins over `tenant`. */
  tenantDir?: string | undefined;
}

/**
 * The college a server or the staff CLI serves: the folder `TENANT_DIR` names when it is set,
 * else the bundled college `TENANT` names (gallatin by default). Checked; throws
 * `TenantConfigError` listing every problem.
 */
export function loadChosenTenant(choice: TenantChoice): TenantConfig {
  return choice.tenantDir === undefined
    ? loadTenant(choice.tenant)
    : loadCollegeDir(choice.tenantDir);
}
