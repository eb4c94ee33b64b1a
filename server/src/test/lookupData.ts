/**
 * The shared public lookup data (../shared/data/lookups beside the repository, in CI beside the
 * clone): tests import it from there, never from a copy in the repository.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder holding nces_ceeb_crosswalk.csv, pesc_crosswalk.csv and hd2024.csv. */
export const SHARED_LOOKUPS_DIR = join(REPO_ROOT, '..', 'shared', 'data', 'lookups');
