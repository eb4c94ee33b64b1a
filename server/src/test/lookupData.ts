/**
 * The shared public lookup data (../shared/data/lookups beside the repository, in CI beside the
 * clone): tests import it from there, never from a copy in the repository. A clone made
 * elsewhere (`git clone . "$(mktemp -d)"`) finds it beside the repository it was cloned from;
 * ADMIT_LOOKUPS_DIR names another folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The repository this one was cloned from, when that is a folder on this machine. */
function originFolder(): string | undefined {
  try {
    const url = execFileSync('git', ['config', '--get', 'remote.origin.url'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
    return isAbsolute(url) ? url : undefined;
  } catch {
    return undefined; // not a git checkout, or no origin
  }
}

function lookupsDir(): string {
  const fromEnv = process.env.ADMIT_LOOKUPS_DIR;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const beside = join(REPO_ROOT, '..', 'shared', 'data', 'lookups');
  if (existsSync(beside)) return beside;
  const origin = originFolder();
  const besideOrigin =
    origin === undefined ? undefined : join(origin, '..', 'shared', 'data', 'lookups');
  return besideOrigin !== undefined && existsSync(besideOrigin) ? besideOrigin : beside;
}

/** The folder holding nces_ceeb_crosswalk.csv, pesc_crosswalk.csv and hd2024.csv. */
export const SHARED_LOOKUPS_DIR = lookupsDir();
