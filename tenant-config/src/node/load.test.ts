import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { TenantConfigError } from '../problems.ts';
import {
  BUNDLED_COLLEGES_DIR,
  bundledCollegeIds,
  collegeIdOf,
  loadChosenTenant,
  loadCollegeDir,
  loadTenant,
  newCollege,
  schemaCopyStale,
  SCHEMA_DIR,
} from './index.ts';

const scratch = mkdtempSync(join(tmpdir(), 'admit-colleges-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** The error a load throws, to look at its problems. */
function loadError(load: () => unknown): TenantConfigError {
  try {
    load();
  } catch (error) {
    if (error instanceof TenantConfigError) return error;
    throw error;
  }
  throw new Error('it loaded');
}

describe('the bundled colleges', () => {
  it.each(bundledCollegeIds())('%s loads with no problem at all', (id) => {
    const college = loadTenant(id);
    expect(college.id).toBe(id);
    expect(college.pages.length).toBeGreaterThan(0);
  });

  it('are gallatin (the default) and example', () => {
    expect(bundledCollegeIds()).toEqual(['gallatin', 'example']);
    expect(loadTenant().id).toBe('gallatin');
  });

  it('refuses an unknown id, naming the bundled ones', () => {
    expect(() => loadTenant('nowhere')).toThrow(
      /no bundled college "nowhere"; the bundled ones: gallatin, example/,
    );
  });
});

describe('a college in a folder anywhere', () => {
  const copy = join(scratch, 'Riverbend CC');
  const files = newCollege(copy, 'example');

  it('is written by newCollege: the files, and the schemas their $schema names', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'college.json',
        'logo.svg',
        'steps/about.json',
        'schema/college.schema.json',
        'schema/step.schema.json',
        'schema/options.schema.json',
        'locales/es.json',
        'schema/locale.schema.json',
      ]),
    );
    expect(readFileSync(join(copy, 'locales/es.json'), 'utf8')).toContain(
      '"$schema": "../schema/locale.schema.json"',
    );
    expect(readFileSync(join(copy, 'college.json'), 'utf8')).toContain(
      '"$schema": "./schema/college.schema.json"',
    );
    expect(readFileSync(join(copy, 'steps/about.json'), 'utf8')).toContain(
      '"$schema": "../schema/step.schema.json"',
    );
    expect(readFileSync(join(copy, 'schema/step.schema.json'), 'utf8')).toBe(
      readFileSync(join(SCHEMA_DIR, 'step.schema.json'), 'utf8'),
    );
    expect(schemaCopyStale(copy)).toBe(false);
  });

  it('loads with its id made from its folder’s name', () => {
    expect(collegeIdOf(copy)).toBe('riverbend-cc');
    const college = loadCollegeDir(copy);
    expect(college.id).toBe('riverbend-cc');
    expect(college.names.college).toBe(loadTenant('example').names.college);
    expect(college.pages).toEqual(loadTenant('example').pages);
    // Its languages come along: locales/ is read from a folder anywhere too.
    expect(college.languages).toEqual(['en', 'es']);
    expect(college.translations).toEqual(loadTenant('example').translations);
  });

  it('is what TENANT_DIR serves, whatever TENANT says', () => {
    expect(loadChosenTenant({ tenant: 'gallatin', tenantDir: copy }).id).toBe('riverbend-cc');
    expect(loadChosenTenant({ tenant: 'example' }).id).toBe('example');
  });

  it('is never written over: newCollege refuses a folder that is not empty', () => {
    expect(() => newCollege(copy, 'gallatin')).toThrow(/already exists and is not an empty folder/);
    expect(() => newCollege(join(scratch, 'x'), 'harvard')).toThrow(/no bundled college "harvard"/);
  });

  it('throws one TenantConfigError listing every problem, each with its file, line and JSON path', () => {
    const broken = join(scratch, 'broken');
    newCollege(broken, 'gallatin');
    const college = join(broken, 'college.json');
    writeFileSync(
      college,
      readFileSync(college, 'utf8')
        .replace('"characterLimit": 7000', '"characterLimit": 70000')
        .replace('"timeZone": "America/Denver"', '"timeZone": 7'),
    );
    writeFileSync(join(broken, 'steps/notes.json'), '{}');
    const error = loadError(() => loadCollegeDir(broken));
    expect(error.tenantId).toBe(broken);
    expect(error.problems).toEqual([
      expect.stringMatching(
        /^college\.json:\d+: \/characterLimit: is 70000; it must be at most 7000$/,
      ),
      expect.stringMatching(/^college\.json:\d+: \/timeZone: must be a text \(in quotes\), not 7$/),
      expect.stringMatching(/^steps\/notes\.json: is not one of the steps college\.json lists/),
    ]);
    expect(error.message).toMatch(/^College ".*broken" has 3 problems:\n- college\.json:/);
    expect(loadError(() => loadCollegeDir(join(scratch, 'none'))).problems).toEqual([
      `${join(scratch, 'none')}: is not a folder`,
    ]);
  });

  it("notices a schema copy from another version of Admit (the editor's, not the check's)", () => {
    const old = join(scratch, 'old-schemas');
    newCollege(old, 'gallatin');
    writeFileSync(join(old, 'schema/step.schema.json'), '{}');
    expect(schemaCopyStale(old)).toBe(true);
    expect(schemaCopyStale(BUNDLED_COLLEGES_DIR)).toBe(false);
    // The check itself uses this Admit's schemas: the folder still loads.
    expect(loadCollegeDir(old).id).toBe('old-schemas');
  });
});
