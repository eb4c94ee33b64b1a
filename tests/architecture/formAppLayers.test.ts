/**
 * form-app's layers (form-app/README.md, "Layers"), proven three ways: the repo's own ESLint config
 * refuses probe imports that run up a layer, past a folder's index or into the tests' harness;
 * every folder and top file of src/ is in a layer; and the app's real import graph, read from
 * its files, has no two folders importing each other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({
  cwd: root,
  // Probes are not on disk, so type-aware rules are off; the import rules are what we test.
  overrideConfig: [
    {
      ...tseslint.configs.disableTypeChecked,
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
  ],
});

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('no import runs up a layer', () => {
  it.each([
    ['form-app/src/engine/probe.ts', "import { SectionView } from '../renderer/index.ts';"],
    ['form-app/src/engine/probe.ts', "import { useFail } from '../application/useFail.ts';"],
    ['form-app/src/session/probe.ts', "import { rules } from '../application/rules.ts';"],
    ['form-app/src/renderer/probe.tsx', "import { paths } from '../application/paths.ts';"],
    ['form-app/src/renderer/probe.tsx', "import { markUsed } from '../prerender/index.ts';"],
    ['form-app/src/application/probe.ts', "import { router } from '../routes/router.tsx';"],
    [
      'form-app/src/pages/account/probe.ts',
      "import { earlyCardInput } from '../../prerender/index.ts';",
    ],
    ['form-app/src/pages/probe.tsx', "import { App } from '../App.tsx';"],
    [
      'form-app/src/routes/probe.tsx',
      "import { lazyFieldRenderers } from '../prerender/index.ts';",
    ],
    ['form-app/src/tenant.ts', "import { api } from './api/endpoints.ts';"],
    [
      'form-app/src/api/probe.ts',
      "import { tenant } from '../tenant.ts';\nimport { x } from '../session/x.ts';",
    ],
  ])('%s refuses %s', async (file, source) => {
    expect(await importErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ['form-app/src/renderer/probe.tsx', "import { useWatch } from '../engine/index.ts';"],
    ['form-app/src/application/probe.ts', "import { SectionView } from '../renderer/index.ts';"],
    ['form-app/src/pages/review/probe.tsx', "import { paths } from '../../application/paths.ts';"],
    ['form-app/src/prerender/probe.tsx', "import { fieldChunks } from '../renderer/index.ts';"],
    ['form-app/src/App.tsx', "import { lazyFieldRenderers } from './prerender/index.ts';"],
    ['form-app/src/engine/probe.ts', "import { api } from '../api/endpoints.ts';"],
    ['form-app/src/engine/probe.ts', "import { loadOnce } from '../loadOnce.ts';"],
    // A test may reach anything it tests, and the tests' harness.
    ['form-app/src/engine/probe.test.ts', "import { renderStep } from '../testing/harness.tsx';"],
  ])('%s allows %s', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});

describe('the engine, the renderer and the prerender machinery are used through their index', () => {
  it.each([
    ['form-app/src/renderer/probe.tsx', "import { useSaving } from '../engine/useSaving.ts';"],
    ['form-app/src/layout/probe.tsx', "import { BlockView } from '../renderer/blocks.tsx';"],
    ['form-app/src/main.tsx', "import { markUsed } from './prerender/firstUse.ts';"],
  ])('%s refuses %s', async (file, source) => {
    expect(await importErrors(file, source)).toHaveLength(1);
  });

  it('allows a folder its own files', async () => {
    expect(
      await importErrors('form-app/src/engine/probe.ts', "import { x } from './useSaving.ts';"),
    ).toEqual([]);
  });
});

describe("the tests' harness stays out of the app", () => {
  it('refuses testing/ in app code', async () => {
    expect(
      await importErrors(
        'form-app/src/pages/probe.tsx',
        "import { renderStep } from '../testing/harness.tsx';",
      ),
    ).toHaveLength(1);
  });
});

/** form-app/src's folder (or top file) of `file`. */
function unitOf(src: string, file: string): string {
  const [first = ''] = relative(src, file).split(sep);
  return first.replace(/\.tsx?$/, '');
}

/** form-app's imports between its folders, read from its files (tests and testing/ left out). */
function folderImports(): Map<string, Set<string>> {
  const src = join(root, 'form-app/src');
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  walk(src);
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = unitOf(src, file);
    if (from === 'testing') continue;
    const text = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const to = unitOf(src, resolve(dirname(file), specifier));
      if (to === from) continue;
      const targets = edges.get(from) ?? new Set<string>();
      targets.add(to);
      edges.set(from, targets);
    }
  }
  return edges;
}

describe("form-app's folders", () => {
  it('import each other in no loop', () => {
    const edges = folderImports();
    // Some folder is read; else the test proves nothing.
    expect(edges.get('renderer')?.has('engine')).toBe(true);
    const loops: string[] = [];
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
      for (const next of edges.get(from) ?? []) {
        if (next === to) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        if (reaches(next, to, seen)) return true;
      }
      return false;
    };
    for (const [from, targets] of edges)
      for (const to of targets) if (reaches(to, from)) loops.push(`${from} → ${to} → … → ${from}`);
    expect(loops).toEqual([]);
  });
});

describe("every folder and top file of form-app's src/ has a layer", () => {
  it('so that none escapes the rule', async () => {
    const src = join(root, 'form-app/src');
    const unplaced: string[] = [];
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      // testing/ is the tests' harness; locales/ holds the catalogues, JSON only, no code.
      if (entry.name === 'testing' || entry.name === 'locales') continue;
      if (/\.(test\.tsx?|d\.ts)$/.test(entry.name)) continue;
      if (!entry.isDirectory() && !/\.tsx?$/.test(entry.name)) continue;
      const file = entry.isDirectory() ? join(src, entry.name, 'probe.ts') : join(src, entry.name);
      const config = (await eslint.calculateConfigForFile(file)) as {
        rules?: Record<string, [unknown, { patterns?: { regex?: string }[] }?]>;
      };
      const patterns = config.rules?.['no-restricted-imports']?.[1]?.patterns ?? [];
      // Only the layers' entries refuse by a regular expression (the layers above, the indexes).
      if (!patterns.some((pattern) => pattern.regex !== undefined)) unplaced.push(entry.name);
    }
    expect(unplaced).toEqual([]);
  });
});
