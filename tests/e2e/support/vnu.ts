/**
 * The Nu HTML Checker (vnu, the W3C's checker, from the `vnu-jar` devDependency, run with the
 * system's Java) over documents a journey took: the step pages (html-valid.e2e.ts) and the
 * office's (office-a11y.e2e.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect } from '@playwright/test';

/** The checker's jar, as the npm package ships it. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Runs vnu once over every document (one Java start for all of them) and returns its errors
 * per document name, each as a line a person can act on. Warnings (advice, such as a
 * redundant role) are not errors and are left out, as `--errors-only` does.
 */
export async function vnuErrors(
  documents: Record<string, string>,
): Promise<Record<string, string[]>> {
  const folder = mkdtempSync(join(tmpdir(), 'admit-vnu-'));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = join(folder, `${name.replace(/[^a-z0-9-]+/gi, '_')}.html`);
      writeFileSync(file, html);
      return { name, file };
    });
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        'java',
        [
          '-jar',
          VNU_JAR,
          '--format',
          'json',
          '--stdout',
          '--errors-only',
          '--exit-zero-always',
          ...files.map((f) => f.file),
        ],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error !== null) reject(new Error(`vnu did not run: ${error.message}\n${stderr}`));
          else resolve(stdout);
        },
      );
    });
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const errors: Record<string, string[]> = {};
    for (const { name, file } of files) {
      errors[name] = messages
        .filter((m) => m.type === 'error' && m.url?.endsWith(file) === true)
        .map((m) => `line ${String(m.lastLine ?? '?')}: ${m.message} «${m.extract ?? ''}»`);
    }
    // A message about no document (the checker itself failing) must not pass unseen.
    const stray = messages.filter((m) => !files.some((f) => m.url?.endsWith(f.file) === true));
    expect(stray, 'vnu reported something about no checked document').toEqual([]);
    return errors;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Each document's vnu errors, each document a soft failure of its own naming them. */
export function expectNoVnuErrors(errors: Record<string, string[]>): void {
  for (const [name, list] of Object.entries(errors)) {
    expect.soft(list, `vnu errors in ${name}:\n${list.join('\n')}`).toEqual([]);
  }
}
