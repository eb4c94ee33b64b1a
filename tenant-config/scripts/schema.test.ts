import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { generateSchemas, SCHEMA_COMMAND } from './schema.ts';

describe('the committed JSON Schemas are the types’ own', () => {
  it(`match what ${SCHEMA_COMMAND} writes from src/format.ts`, async () => {
    const generated = await generateSchemas();
    for (const [file, text] of Object.entries(generated)) {
      const committed = readFileSync(new URL(`../schema/${file}`, import.meta.url), 'utf8');
      expect(
        committed === text,
        `tenant-config/schema/${file} is not what the types say: run \`${SCHEMA_COMMAND}\` and commit it`,
      ).toBe(true);
    }
  }, 30_000);
});
