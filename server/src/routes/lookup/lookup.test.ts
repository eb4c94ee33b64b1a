import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AddressProvider } from '../../services/lookups/address.ts';
import {
  type ImportProgress,
  type ImportSummary,
  importColleges,
  importLookups,
  lookupFiles,
} from '../../services/lookups/import.ts';
import { tooManyMessage } from '../../services/throttle.ts';
import { createTestContext, json, loggedApp, type TestContext } from '../../test/context.ts';
import { LOOKUPS_DIR } from '../../test/lookupData.ts';
import { LOOKUP_THROTTLE, lookupMessages } from './index.ts';
import { english } from '../../services/texts.ts';

interface Suggestion {
  text: string;
  id: string;
  sub_text: string;
}

let ctx: TestContext;
let imported: { colleges: ImportSummary; highSchools: ImportSummary };
const progress: ImportProgress[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  imported = await importLookups(ctx.db, LOOKUPS_DIR, {
    onProgress: (step) => progress.push(step),
  });
});
afterAll(async () => {
  await ctx.close();
});

let addresses = 0;
/** A client address per test, so the per-address throttle of one test never meets another. */
function nextAddress(): string {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

async function find(
  query: Record<string, string>,
  app: FastifyInstance = ctx.app,
): Promise<Suggestion[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/lookup/find?${new URLSearchParams(query).toString()}`,
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<Suggestion[]>(response);
}

async function detail(category: string, id: string): Promise<Record<string, string>> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/lookup/find?${new URLSearchParams({ id, category }).toString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<Record<string, string>>(response);
}

describe('the importer', () => {
  it('loads the bundled NCES-CEEB crosswalk, IPEDS HD and the PESC crosswalk (gzipped)', () => {
    // Every row of the published files (21,391 and 6,072): packing drops columns, never rows.
    expect(imported.highSchools.rowsRead).toBe(21_391);
    // One row has no name; three repeat a CEEB code and NCES id already read.
    expect(imported.highSchools.rowsImported).toBeGreaterThan(21_300);
    expect(imported.highSchools.rowsImported + imported.highSchools.rowsSkipped).toBe(21_391);
    expect(imported.highSchools.withCeeb).toBe(imported.highSchools.rowsImported);
    expect(imported.colleges).toMatchObject({ rowsRead: 6072, rowsImported: 6072 });
    // Active (CYACTIVE 1, not closed) and degree-granting (DEGGRANT 1).
    expect(imported.colleges.offered).toBeGreaterThan(3900);
    expect(imported.colleges.offered).toBeLessThan(4090);
    // PESC covers about 2,755 colleges; most of them still exist in 2024.
    expect(imported.colleges.withCeeb).toBeGreaterThan(2400);
  });

  it('reports progress per batch, counting up to the whole file', () => {
    for (const dataset of ['colleges', 'high_schools'] as const) {
      const steps = progress.filter((step) => step.dataset === dataset);
      expect(steps.length).toBeGreaterThan(1);
      const rows = steps.map((step) => step.rowsRead);
      expect(rows).toEqual([...rows].sort((a, b) => a - b));
      const last = steps.at(-1);
      expect(last?.bytesRead).toBe(last?.totalBytes);
    }
  });

  it('stores CEEB codes zero-padded (6 digits for schools, 4 for colleges) and cities in title case', async () => {
    const school = await ctx.db
      .selectFrom('high_schools')
      .selectAll()
      .where('ceeb', '=', '270100')
      .executeTakeFirstOrThrow();
    expect(school).toMatchObject({ name: 'Bozeman High School', city: 'Bozeman', state: 'MT' });
    const codes = await ctx.db
      .selectFrom('high_schools')
      .select('ceeb')
      .where('ceeb', 'like', '0%')
      .limit(1)
      .execute();
    expect(codes[0]?.ceeb).toMatch(/^0\d{5}$/);
    const college = await ctx.db
      .selectFrom('colleges')
      .selectAll()
      .where('id', '=', '180461')
      .executeTakeFirstOrThrow();
    expect(college).toMatchObject({
      name: 'Montana State University',
      ceeb: '4488',
      city: 'Bozeman',
      state: 'MT',
      active: true,
      degree_granting: true,
    });
    const padded = await ctx.db
      .selectFrom('colleges')
      .select('ceeb')
      .where('ceeb', 'like', '0%')
      .limit(1)
      .execute();
    expect(padded[0]?.ceeb).toMatch(/^0\d{3}$/);
  });

  it('replaces rather than adds when run again (idempotent)', async () => {
    const before = await ctx.db
      .selectFrom('colleges')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const again = await importColleges(ctx.db, lookupFiles(LOOKUPS_DIR));
    const after = await ctx.db
      .selectFrom('colleges')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);
    expect(again).toEqual(imported.colleges);
  });

  it('names the file and the missing column when handed the wrong file', async () => {
    await expect(
      importColleges(ctx.db, {
        directory: `${LOOKUPS_DIR}/pesc_crosswalk.csv.gz`,
        crosswalk: `${LOOKUPS_DIR}/pesc_crosswalk.csv.gz`,
      }),
    ).rejects.toThrow(
      /pesc_crosswalk\.csv\.gz lacks the columns INSTNM, CITY, STABBR, ZIP, CYACTIVE, DEGGRANT: is it the IPEDS HD directory file\?/,
    );
    expect(() => lookupFiles('/nonexistent/lookups')).toThrow(/is not a folder/);
  });
});

describe('GET /lookup/find: high schools (hs_ceeb)', () => {
  it('finds "Bozeman High School" (CEEB 270100) as it is typed', async () => {
    for (const text of ['boz', 'Bozeman', 'bozeman high', 'Bozeman High School']) {
      const [first] = await find({ text, category: 'hs_ceeb', max_results: '5' });
      expect(first, text).toEqual({
        text: 'Bozeman High School',
        id: expect.any(String) as string,
        sub_text: 'Bozeman, MT · CEEB 270100',
      });
    }
  });

  it("gives the detail with the names the form's fills map uses", async () => {
    const [first] = await find({ text: 'Bozeman High', category: 'hs_ceeb' });
    expect(await detail('hs_ceeb', first?.id ?? '')).toEqual({
      name: 'Bozeman High School',
      ceeb: '270100',
      address_line_1: '',
      city: 'Bozeman',
      state: 'MT',
      zip: '59715',
      country: 'USA',
    });
  });

  it('ranks names that start with the text first, alphabetically', async () => {
    const found = await find({ text: 'lincoln', category: 'hs_ceeb', max_results: '20' });
    expect(found).toHaveLength(20);
    const names = found.map((s) => s.text.toLowerCase());
    for (const name of names) expect(name.startsWith('lincoln')).toBe(true);
    expect(names).toEqual([...names].sort());
  });

  it('then names whose words (or city, or state) start with every typed word, in any order', async () => {
    const [first] = await find({ text: 'high bozeman', category: 'hs_ceeb' });
    expect(first?.text).toBe('Bozeman High School');
    const found = await find({ text: 'school bozeman', category: 'hs_ceeb' });
    expect(found[0]?.text).toBe('Bozeman High School');
    // One of many Lincoln High Schools, told apart by its city.
    const portland = await find({ text: 'lincoln high portland', category: 'hs_ceeb' });
    expect(portland[0]).toMatchObject({
      text: 'Lincoln High School',
      sub_text: expect.stringMatching(/^Portland, OR/) as string,
    });
  });

  it('then similar names, so a typo still finds the school', async () => {
    const [first] = await find({ text: 'bozman high', category: 'hs_ceeb' });
    expect(first?.text).toBe('Bozeman High School');
    const typo = await find({ text: 'jeferson high', category: 'hs_ceeb' });
    expect(typo[0]?.text).toBe('Jefferson High School');
    // A letter left out, two swapped, one doubled, one wrong; and a typo that is itself the
    // start of another real word ("hight", as in Hightower).
    for (const text of [
      'bozeman hgh',
      'bozeman hihg',
      'bozemman high',
      'bozeman hogh',
      'bozeman hight school',
    ]) {
      const [school] = await find({ text, category: 'hs_ceeb' });
      expect(school?.text, text).toBe('Bozeman High School');
    }
  });

  it('searches CEEB codes when only digits are typed', async () => {
    const [first] = await find({ text: '270100', category: 'hs_ceeb' });
    expect(first?.text).toBe('Bozeman High School');
    const prefix = await find({ text: '2701', category: 'hs_ceeb', max_results: '20' });
    for (const suggestion of prefix) expect(suggestion.sub_text).toMatch(/CEEB 2701\d\d$/);
  });

  it('ignores case, accents and punctuation', async () => {
    const plain = await find({ text: 'luis munoz marin', category: 'hs_ceeb' });
    const accented = await find({ text: 'LUIS MUÑOZ-MARÍN', category: 'hs_ceeb' });
    expect(accented).toEqual(plain);
    expect(plain[0]?.text).toBe('Luis Muñoz Marin');
  });

  it('answers 5 by default and never more than 20', async () => {
    expect(await find({ text: 'high', category: 'hs_ceeb' })).toHaveLength(5);
    expect(await find({ text: 'high', category: 'hs_ceeb', max_results: '1' })).toHaveLength(1);
    expect(await find({ text: 'high', category: 'hs_ceeb', max_results: '500' })).toHaveLength(20);
  });

  it('answers [] for text that holds nothing to search', async () => {
    expect(await find({ text: '', category: 'hs_ceeb' })).toEqual([]);
    expect(await find({ text: ' .,- ', category: 'hs_ceeb' })).toEqual([]);
    expect(await find({ text: 'zzqqxxjj', category: 'hs_ceeb' })).toEqual([]);
  });

  it('may be cached by the browser for a few minutes (the list changes only on import)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/lookup/find?text=boz&category=hs_ceeb&max_results=5',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('GET /lookup/find: colleges (college_ceeb)', () => {
  it('finds "Montana State University" in Bozeman with its CEEB code', async () => {
    const found = await find({ text: 'Montana State University', category: 'college_ceeb' });
    expect(found[0]).toEqual({
      text: 'Montana State University',
      id: '180461',
      sub_text: 'Bozeman, MT · CEEB 4488',
    });
    expect(found.map((s) => s.text)).toContain('Montana State University Billings');
    expect(await detail('college_ceeb', '180461')).toEqual({
      name: 'Montana State University',
      ceeb: '4488',
      address_line_1: 'Montana State University',
      city: 'Bozeman',
      state: 'MT',
      zip: '59717',
      country: 'USA',
    });
  });

  it('finds a college by a word of its name, by its alias, and despite a typo', async () => {
    const words = await find({ text: 'state university bozeman', category: 'college_ceeb' });
    expect(words.map((s) => s.text)).toContain('Montana State University');
    const typo = await find({ text: 'montna state univ', category: 'college_ceeb' });
    expect(typo.map((s) => s.text)).toContain('Montana State University');
    const alias = await find({ text: 'UAB', category: 'college_ceeb', max_results: '20' });
    expect(alias.map((s) => s.text)).toContain('University of Alabama at Birmingham');
  });

  it('offers only active, degree-granting colleges', async () => {
    const closed = await ctx.db
      .selectFrom('colleges')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('active', '=', false), eb('degree_granting', '=', false)]))
      .orderBy('name')
      .execute();
    expect(closed.length).toBeGreaterThan(1000);
    for (const college of closed.slice(0, 5)) {
      const found = await find({ text: college.name, category: 'college_ceeb', max_results: '20' });
      expect(found.map((s) => s.id)).not.toContain(college.id);
    }
  });
});

describe('GET /lookup/find: addresses (address)', () => {
  it('suggests the places of a ZIP code, and their detail fills city, state and ZIP', async () => {
    const found = await find({ text: '59715', category: 'address' });
    expect(found).toEqual([
      { text: 'Bozeman, MT 59715', id: '59715', sub_text: 'Gallatin County, MT' },
    ]);
    expect(await detail('address', '59715')).toEqual({
      address_line_1: '',
      city: 'Bozeman',
      state: 'MT',
      zip: '59715',
      county: 'Gallatin',
      country: 'USA',
    });
  });

  it('completes a ZIP prefix and a city name', async () => {
    const zips = await find({ text: '5971', category: 'address', max_results: '20' });
    expect(zips.map((s) => s.id)).toEqual(expect.arrayContaining(['59715', '59718']));
    for (const suggestion of zips) expect(suggestion.id.startsWith('5971')).toBe(true);
    const city = await find({ text: 'Bozeman', category: 'address', max_results: '20' });
    expect(city[0]?.text).toBe('Bozeman, MT 59715');
    for (const suggestion of city) expect(suggestion.text).toMatch(/^Bozeman, MT 597\d\d$/);
    const withState = await find({ text: 'Springfield, MA', category: 'address' });
    for (const suggestion of withState) expect(suggestion.text).toMatch(/^Springfield, MA /);
  });

  it('keeps a typed street: the suggestion text is the street, the detail echoes it into address_line_1', async () => {
    const found = await find({ text: '101 Main St, 59715', category: 'address' });
    expect(found[0]).toEqual({
      text: '101 Main St',
      id: '59715|101 Main St',
      sub_text: 'Bozeman, MT 59715',
    });
    expect(await detail('address', found[0]?.id ?? '')).toMatchObject({
      address_line_1: '101 Main St',
      city: 'Bozeman',
      state: 'MT',
      zip: '59715',
    });
    const noComma = await find({ text: '101 Main St 59715', category: 'address' });
    expect(noComma[0]?.id).toBe('59715|101 Main St');
  });

  it('has nothing to suggest for a street alone, and is not cached by shared caches', async () => {
    expect(await find({ text: '101 Main St', category: 'address' })).toEqual([]);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/lookup/find?text=59715&category=address',
    });
    expect(response.headers['cache-control']).toBe('private, max-age=300');
  });
});

describe('GET /lookup/find: refusals and failures', () => {
  it('refuses an unknown category (400): a programming error, not a search', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/lookup/find?text=boz&category=cities',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/category/);
  });

  it('refuses neither or both of text and id, and a max_results below 1 (400)', async () => {
    for (const url of [
      '/lookup/find?category=hs_ceeb',
      '/lookup/find?category=hs_ceeb&text=boz&id=1',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(json(response).message).toBe(english(lookupMessages.textOrId));
    }
    const zero = await ctx.app.inject({
      method: 'GET',
      url: '/lookup/find?category=hs_ceeb&text=boz&max_results=0',
    });
    expect(zero.statusCode).toBe(400);
  });

  it('answers 404 for the detail of an unknown id', async () => {
    for (const [category, id] of [
      ['hs_ceeb', 'nope'],
      ['college_ceeb', '999999999'],
      ['address', '00000'],
      ['address', 'not a zip'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/lookup/find?${new URLSearchParams({ id, category }).toString()}`,
      });
      expect(response.statusCode, `${category} ${id}`).toBe(404);
      expect(json(response).message).toBe(english(lookupMessages.notFound));
    }
  });

  /** An app on the same database whose log lines the test reads. */
  async function errorLoggedApp(addressProvider?: AddressProvider) {
    return loggedApp(ctx, addressProvider === undefined ? {} : { addressProvider }, 'error');
  }

  it('answers [] (not cached) when the database fails, and logs why (SPEC §7)', async () => {
    const { app, lines } = await errorLoggedApp();
    await ctx.db.schema.alterTable('high_schools').renameTo('high_schools_away').execute();
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/lookup/find?text=boz&category=hs_ceeb&max_results=5',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await ctx.db.schema.alterTable('high_schools_away').renameTo('high_schools').execute();
      await app.close();
    }
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; err?: { message: string } },
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'lookup failed',
        err: expect.objectContaining({
          message: expect.stringContaining('high_schools') as string,
        }) as object,
      }),
    );
    // And the next search works again.
    expect((await find({ text: 'boz', category: 'hs_ceeb' }))[0]?.text).toBe('Bozeman High School');
  });

  it('answers [] when the address provider fails', async () => {
    const failing: AddressProvider = {
      suggest: () => Promise.reject(new Error('address service unreachable')),
      detail: () => Promise.reject(new Error('address service unreachable')),
    };
    const { app, lines } = await errorLoggedApp(failing);
    try {
      expect(await find({ text: '59715', category: 'address' }, app)).toEqual([]);
    } finally {
      await app.close();
    }
    expect(lines.join('\n')).toContain('address service unreachable');
  });

  it(`throttles one address past ${LOOKUP_THROTTLE.limit} lookups a minute (429), then lets it in again`, async () => {
    const remoteAddress = '10.99.0.1';
    const hit = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/lookup/find?text=&category=hs_ceeb',
        remoteAddress,
      });
    for (let i = 0; i < LOOKUP_THROTTLE.limit; i += 1) {
      const response = await hit();
      if (response.statusCode !== 200)
        throw new Error(`lookup ${i + 1} answered ${response.statusCode}`);
    }
    const refused = await hit();
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(json(refused).message).toBe(english(tooManyMessage(retryAfter)));
    ctx.advance(LOOKUP_THROTTLE.windowMs);
    expect((await hit()).statusCode).toBe(200);
  });
});
