/**
 * The house's boundaries (ARCHITECTURE.md), proven by running the repo's own ESLint config on
 * probe sources placed where each package's files live: a forbidden import must fail lint.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  // Probes are not on disk, so type-aware rules are off; the import rules are what we test.
  overrideConfig: [
    {
      ...tseslint.configs.disableTypeChecked,
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
  ],
});

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('form-model is pure (no React, no Node built-ins)', () => {
  it.each([
    "import { readFileSync } from 'node:fs';",
    "import { join } from 'path';",
    "import { useState } from 'react';",
    "import { Button } from '@mui/material';",
    "import { tenants } from '@admit/tenant-config';",
  ])('refuses %s', async (source) => {
    expect(await importErrors('form-model/src/probe.ts', `${source}\nexport {};\n`)).toHaveLength(
      1,
    );
  });

  it('allows yup and dayjs', async () => {
    expect(
      await importErrors(
        'form-model/src/probe.ts',
        "import { string } from 'yup';\nimport dayjs from 'dayjs';\nexport {};\n",
      ),
    ).toEqual([]);
  });
});

describe('design-system widgets know nothing of admissions', () => {
  it.each([
    "import { Field } from 'react-final-form';",
    "import { messages } from '@admit/form-model';",
    "import { tenants } from '@admit/tenant-config';",
  ])('refuses %s', async (source) => {
    expect(
      await importErrors('design-system/src/Probe/Probe.tsx', `${source}\nexport {};\n`),
    ).toHaveLength(1);
  });
});

describe("stories show the widgets, and form-app's pages through its index with a mocked API", () => {
  it.each([
    "import { FormLayout } from '@admit/form-app/src/layout/FormLayout.tsx';",
    "import { Field } from 'react-final-form';",
    "import { buildApp } from '@admit/server';",
  ])('refuses %s', async (source) => {
    expect(
      await importErrors('stories/src/pages/Probe.stories.tsx', `${source}\nexport {};\n`),
    ).toHaveLength(1);
  });

  it("allows the app through form-app's index, a tenant and MSW", async () => {
    expect(
      await importErrors(
        'stories/src/pages/Probe.stories.tsx',
        [
          "import { App } from '@admit/form-app';",
          "import { gallatin } from '@admit/tenant-config/bundled';",
          "import { Banner } from '@admit/design-system';",
          "import { http } from 'msw';",
          'export {};',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe("tenant-config's Node loader stays out of the browser", () => {
  it.each([
    ['tenant-config/src/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['tenant-config/src/probe.ts', "import { loadTenant } from './node/load.ts';"],
    ['tenant-config/src/probe.test.ts', "import { readFileSync } from 'node:fs';"],
    ['form-app/src/probe.ts', "import { loadTenant } from '@admit/tenant-config/node';"],
    [
      'stories/src/pages/Probe.stories.tsx',
      "import { loadTenant } from '@admit/tenant-config/node';",
    ],
  ])('%s refuses %s', async (file, source) => {
    expect(await importErrors(file, `${source}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['tenant-config/src/node/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['tenant-config/src/probe.test.ts', "import { loadTenant } from './node/index.ts';"],
    ['form-app/src/probe.ts', "import { gallatin } from '@admit/tenant-config/bundled';"],
    ['server/src/probe.ts', "import { loadTenant } from '@admit/tenant-config/node';"],
  ])('%s allows %s', async (file, source) => {
    expect(await importErrors(file, `${source}\nexport {};\n`)).toEqual([]);
  });
});

describe('packages are used through their index', () => {
  it("refuses a deep import into another package's src/", async () => {
    expect(
      await importErrors(
        'tenant-config/src/probe.ts',
        "import { x } from '@admit/form-model/src/keys/registry.ts';\nexport {};\n",
      ),
    ).toHaveLength(1);
  });
});

describe("the office's app builds from design-system widgets and holds none of the applicant's app", () => {
  it.each([
    "import { Button } from '@mui/material';",
    "import { css } from '@emotion/react';",
    "import { App } from '@admit/form-app';",
    "import { buildApp } from '@admit/server';",
  ])('refuses %s', async (source) => {
    expect(
      await importErrors('office-app/src/pages/probe.tsx', `${source}\nexport {};\n`),
    ).toHaveLength(1);
  });

  it('allows the design system, react-router and react-query', async () => {
    expect(
      await importErrors(
        'office-app/src/pages/probe.tsx',
        "import { Button } from '@admit/design-system';\nimport { Link } from 'react-router-dom';\nimport { useQuery } from '@tanstack/react-query';\nexport { Button, Link, useQuery };\n",
      ),
    ).toEqual([]);
  });
});
