/** Where things are, and how the system Chromium is launched (no browser downloads here). */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Everything a run leaves behind, ignored by git. */
export const RESULTS_DIR = join(ROOT, 'test-results');
/** Playwright's own artefacts (failure screenshots); emptied at the start of each run. */
export const OUTPUT_DIR = join(RESULTS_DIR, 'e2e');
/** The server's output of the last run. */
export const SERVER_LOG = join(RESULTS_DIR, 'e2e-server.log');
/** Full-page screenshots of every route at 1280 and 375 px, for people to look at. */
export const SCREENSHOTS_DIR = join(RESULTS_DIR, 'screenshots');
/** Screenshots of the states a journey reaches (a message, an error, a dialog), for people to look at. */
export const SHOTS_DIR = join(RESULTS_DIR, 'shots');

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
