/**
 * bench/renders: field renders per keystroke on the largest step, /about (target 1). Prints
 * figures; never fails on them.
 *
 *   npx tsx bench/renders/run.ts [--tenant=gallatin] [--dist=form-app/dist] [--text=Bozeman]
 *
 * What it does: builds the SPA with Vite exactly as `npm run build` does, into a temporary
 * folder (or uses `--dist`); serves it on loopback and opens /about as a visitor in the system
 * Chromium (no server needed: a visitor's step calls no API). Before the app loads, it puts
 * form-app's render counter in the page (form-app/src/testing/renderCounter.ts, bundled with
 * esbuild): a stand-in for the React DevTools hook that the production react-dom calls after
 * every commit, so the app is measured as shipped, with no instrumentation in it. Then, for a
 * few text fields from the top of the page to the bottom, it types one key at a time with real
 * keyboard events, waits for React to settle after each, and reads per keystroke: commits,
 * field renders (components holding a `question` prop, counted once per answer key and
 * commit), all component renders (design-system and MUI internals included) and the time from
 * the key going down to React's last commit.
 */
/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { build as esbuild } from 'esbuild';
import { type Page } from 'playwright-core';

import { buildSpa, formAppDir, launchChromium, root, serveSpa } from '../bundle/spa.ts';
import { median } from '../median.ts';

const { values: flags } = parseArgs({
  options: {
    tenant: { type: 'string', default: 'gallatin' },
    dist: { type: 'string' },
    text: { type: 'string', default: 'Bozeman' },
  },
});
const ROUTE = '/about';
/** The target: a keystroke re-renders one field. */
const TARGET_FIELD_RENDERS = 1;
const TIME_LIMIT_MS = 10 * 60_000;

/** Text fields of /about, top to bottom, by their answer key (ids equal answer keys). */
const FIELDS = [
  { key: 'first_name', where: 'first question of the page' },
  { key: 'county', where: 'contact section' },
  { key: 'birth_city', where: 'citizenship section, beside conditional blocks' },
  { key: 'decision_essay', where: 'last section, inside the tabs (textarea)' },
] as const;

let tempDir: string | undefined;
const cleanUp = () => {
  if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
};
const abort = (why: string, code: number) => {
  console.error(`bench/renders: ${why}`);
  cleanUp();
  process.exit(code);
};
process.once('SIGINT', () => {
  abort('interrupted; cleaned up', 130);
});
process.once('SIGTERM', () => {
  abort('terminated; cleaned up', 143);
});
setTimeout(() => {
  abort(`stopped after the ${TIME_LIMIT_MS / 60_000} min time limit`, 2);
}, TIME_LIMIT_MS).unref();

/** The render counter as a classic script for `addInitScript`. */
async function counterScript(): Promise<string> {
  const result = await esbuild({
    stdin: {
      contents:
        "import { installRenderCounter } from './renderCounter.ts'; installRenderCounter();",
      resolveDir: join(formAppDir, 'src', 'testing'),
      sourcefile: 'install-render-counter.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote nothing');
  return output.text;
}

/** What the counter keeps on `window.__ADMIT_RENDERS__` (renderCounter.ts `RenderCounts`). */
interface PageCounts {
  commits: number;
  components: number;
  fields: Record<string, number>;
  lastCommitAt: number;
  reset: () => void;
}
/** The page's globals this bench reads: the counter, and when the last key went down. */
type BenchWindow = Window & { __ADMIT_RENDERS__?: PageCounts; __ADMIT_KEY_DOWN_AT__?: number };

interface Keystroke {
  commits: number;
  fieldRenders: number;
  fields: Record<string, number>;
  components: number;
  /** Key down → React's last commit, ms. */
  latency: number;
}

/** Waits until React has committed what the last event caused and run its effects. */
const settle = (page: Page) =>
  page.evaluate(async () => {
    for (let frame = 0; frame < 3; frame += 1)
      await new Promise((done) => requestAnimationFrame(done));
    await new Promise((done) => setTimeout(done, 0));
  });

async function typeInto(page: Page, key: string, text: string): Promise<Keystroke[]> {
  const field = page.locator(`input[id="${key}"], textarea[id="${key}"]`);
  await field.scrollIntoViewIfNeeded();
  await field.click();
  await settle(page);
  const keystrokes: Keystroke[] = [];
  for (const character of text) {
    await page.evaluate(() => {
      const bench = window as BenchWindow;
      const counts = bench.__ADMIT_RENDERS__;
      if (counts === undefined) throw new Error('no render counter in the page');
      counts.reset();
      bench.addEventListener(
        'keydown',
        () => {
          bench.__ADMIT_KEY_DOWN_AT__ = performance.now();
        },
        { capture: true, once: true },
      );
    });
    await page.keyboard.press(character);
    await settle(page);
    keystrokes.push(
      await page.evaluate(() => {
        const bench = window as BenchWindow;
        const counts = bench.__ADMIT_RENDERS__;
        if (counts === undefined) throw new Error('no render counter in the page');
        const downAt = bench.__ADMIT_KEY_DOWN_AT__ ?? 0;
        return {
          commits: counts.commits,
          fieldRenders: Object.values(counts.fields).reduce((sum, n) => sum + n, 0),
          fields: { ...counts.fields },
          components: counts.components,
          latency: counts.commits === 0 ? 0 : counts.lastCommitAt - downAt,
        };
      }),
    );
  }
  const value = await field.inputValue();
  if (!value.endsWith(text)) throw new Error(`#${key} holds "${value}", not "${text}"`);
  return keystrokes;
}

const average = (values: number[]) => values.reduce((sum, n) => sum + n, 0) / values.length;

let distDir: string;
if (flags.dist === undefined) {
  tempDir = mkdtempSync(join(tmpdir(), 'admit-renders-'));
  distDir = tempDir;
  await buildSpa(distDir);
  console.log(`built form-app (production); college: ${flags.tenant}`);
} else {
  distDir = resolve(root, flags.dist);
}

const server = await serveSpa(distDir, flags.tenant);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript({ content: await counterScript() });
  await page.goto(`${server.origin}${ROUTE}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
  // The date question is a chunk of its own: let it arrive, so no typing meets a late mount.
  await page.locator('[id="birth_date"]').first().waitFor({ state: 'attached', timeout: 30_000 });
  await settle(page);
  const questions = await page.evaluate(
    () => document.querySelectorAll('main input, main textarea, main [role="combobox"]').length,
  );
  console.log(
    `\n${ROUTE} as a visitor: ${questions} form controls on the page; typing "${flags.text}" (${flags.text.length} keystrokes) into each field\n`,
  );
  console.log(
    '  field              field renders/key   commits/key       components/key    key→commit ms',
  );
  console.log(
    '                     (mean, max)         (1st key, then)   (1st key, then)   (median)',
  );

  let worst = 0;
  const all: Keystroke[] = [];
  for (const { key, where } of FIELDS) {
    const keystrokes = await typeInto(page, key, flags.text);
    all.push(...keystrokes);
    const fieldRenders = keystrokes.map((k) => k.fieldRenders);
    worst = Math.max(worst, ...fieldRenders);
    const others = [
      ...new Set(keystrokes.flatMap((k) => Object.keys(k.fields).filter((f) => f !== key))),
    ];
    const [first, ...rest] = keystrokes;
    /** The first keystroke into the empty field, then the mean of the others. */
    const firstThen = (of: (k: Keystroke) => number) =>
      `${first === undefined ? '-' : String(of(first))}, then ${rest.length === 0 ? '-' : average(rest.map(of)).toFixed(1)}`;
    const renders = `${average(fieldRenders).toFixed(1)}, ${String(Math.max(...fieldRenders))}`;
    const latency = median(keystrokes.map((k) => k.latency)).toFixed(1);
    console.log(
      `  ${key.padEnd(18)} ${renders.padEnd(19)} ${firstThen((k) => k.commits).padEnd(17)} ` +
        `${firstThen((k) => k.components).padEnd(17)} ${latency.padStart(6)}   ${where}` +
        (others.length > 0 ? `; also rendered: ${others.join(', ')}` : ''),
    );
  }
  if (errors.length > 0) console.log(`\npage errors:\n  ${errors.join('\n  ')}`);
  const verdict = worst <= TARGET_FIELD_RENDERS ? 'PASS' : 'MISS';
  console.log(
    `\nfield renders per keystroke on ${ROUTE}: ${worst} (target ${TARGET_FIELD_RENDERS}): ${verdict}` +
      ` (${all.length} keystrokes, the most any one caused; median key→commit ${median(all.map((k) => k.latency)).toFixed(1)} ms)`,
  );
} finally {
  await browser.close();
  server.close();
  cleanUp();
}
