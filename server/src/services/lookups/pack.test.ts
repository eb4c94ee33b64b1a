import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  LOOKUP_FILE_NAMES,
  lookupImports,
  twoServersDatabase,
  writeLookupSample,
} from '../../test/lookupData.ts';
import { importLookups, LookupImportError, lookupFiles } from './import.ts';
import { packLookups } from './pack.ts';

let scratch: string;
/** Two pools on one database: each import replaces whole lists, so tests may share it. */
let servers: Awaited<ReturnType<typeof twoServersDatabase>>;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'admit-pack-test-'));
  servers = await twoServersDatabase();
});
afterAll(async () => {
  await servers.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the importer reads .csv and .csv.gz alike', () => {
  it('imports the same rows from plain and gzipped copies of the same files', async () => {
    const plain = await importLookups(
      servers.first,
      writeLookupSample(join(scratch, 'plain'), 400),
    );
    const gzipped = await importLookups(
      servers.first,
      writeLookupSample(join(scratch, 'gzipped'), 400, true),
    );
    expect(gzipped).toEqual(plain);
    expect(plain.colleges).toMatchObject({ rowsRead: 400, rowsImported: 400 });
    expect(plain.highSchools.rowsRead).toBe(400);
  });

  it('refuses a folder holding a file in both forms, and says so', async () => {
    const dir = writeLookupSample(join(scratch, 'both'), 10, true);
    writeFileSync(join(dir, 'pesc_crosswalk.csv'), 'unitid,opeid,sat_profile\n');
    await expect(importLookups(servers.first, dir)).rejects.toThrow(
      `${dir} holds both pesc_crosswalk.csv and pesc_crosswalk.csv.gz: keep one (pesc_crosswalk.csv)`,
    );
  });

  it('names the IPEDS file missing from a folder holding only the other two, and takes the newest year', () => {
    const dir = writeLookupSample(join(scratch, 'no-ipeds'), 10, true);
    rmSync(join(dir, 'hd2024.csv.gz'));
    expect(() => lookupFiles(dir)).toThrow(
      `${dir} lacks hdYYYY.csv (IPEDS HD); each may also be gzipped (NAME.csv.gz)`,
    );
    writeFileSync(join(dir, 'hd2023.csv'), '');
    writeFileSync(join(dir, 'hd2024.csv'), '');
    expect(lookupFiles(dir).directory).toBe(join(dir, 'hd2024.csv'));
    writeFileSync(join(dir, 'hd2024.csv.gz'), '');
    expect(() => lookupFiles(dir)).toThrow(
      `${dir} holds both hd2024.csv and hd2024.csv.gz: keep one (IPEDS HD)`,
    );
  });

  it('names a .gz file that is not gzip, and leaves the lists as they were', async () => {
    await importLookups(servers.first, writeLookupSample(join(scratch, 'good'), 10, true));
    const dir = writeLookupSample(join(scratch, 'broken'), 10, true);
    writeFileSync(join(dir, 'hd2024.csv.gz'), 'UNITID,INSTNM\n180461,Montana State University\n');
    const colleges = () =>
      servers.first
        .selectFrom('colleges')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
    const before = { imports: await lookupImports(servers.first), colleges: await colleges() };
    const failure = importLookups(servers.first, dir);
    await expect(failure).rejects.toThrow(LookupImportError);
    await expect(failure).rejects.toThrow(
      /^hd2024\.csv\.gz is not a complete gzip file \(incorrect header check\); gzip the CSV again, or import it unzipped as \.csv$/,
    );
    expect({ imports: await lookupImports(servers.first), colleges: await colleges() }).toEqual(
      before,
    );
  });
});

describe('the pack script (scripts/pack-lookups.mjs)', () => {
  /** Files in their publishers' formats: more columns than Admit reads, quoting, a BOM. */
  function originals(): string {
    const dir = join(scratch, 'originals');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'hd2024.csv'),
      [
        '\ufeffUNITID,INSTNM,IALIAS,ADDR,CITY,STABBR,ZIP,FIPS,WEBADDR,OPEID,DEGGRANT,CLOSEDAT,CYACTIVE,LATITUDE',
        '180461,Montana State University,MSU,Montana State University,Bozeman,MT,59717,30,www.montana.edu/,00253200,1,-2,1,45.66',
        '100654,"Alabama A & M University, ""AAMU""",AAMU,4900 Meridian Street,Normal,AL,35762,1,"www.aamu.edu/, also",00100200,1,-2,1,34.78',
        '999999,Closed College,,"1 Main St',
        'Suite 2",Nowhere,ZZ,00000,0,,99999999,2,2020-06-30,2,0',
      ].join('\r\n'),
    );
    writeFileSync(
      join(dir, 'pesc_crosswalk.csv'),
      [
        'unitid,ein,opeid,fice,sat_profile,act,instnm',
        '180461,-1,00253200,002532,4488,2420,Montana State University',
        '100654,636001109,00100200,001002,1003,0002,"Alabama A & M University"',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'nces_ceeb_crosswalk.csv'),
      [
        'HS_CEEB,HS_NCES,HS_CITY,MATCH_NAME,HS_POSTAL_CD,HS_STATE,HS_NAME,MATCH_SCORE,MATCH_SOURCE,HS_DUPED',
        '270100,300000100001,BOZEMAN,Bozeman High School,59715,MT,Bozeman High School,100,0.0,False',
        '70100,090000100002,"Hartford, CT",,06106,CT,"O\'Dea ""Prep"" High",88,0.0,False',
        ',,Nowhere,No Name,00000,ZZ,,0,0.0,False',
      ].join('\n'),
    );
    return dir;
  }

  it('keeps every row and only the columns the importer reads; the packed folder imports as the originals do', async () => {
    const source = originals();
    const out = join(scratch, 'packed');
    const packed = packLookups(source, out);
    expect(packed.directory).toMatchObject({
      source: 'hd2024.csv',
      packed: 'hd2024.csv.gz',
      sourceRows: 3,
      packedRows: 3,
      columns: [
        'UNITID',
        'INSTNM',
        'IALIAS',
        'ADDR',
        'CITY',
        'STABBR',
        'ZIP',
        'OPEID',
        'DEGGRANT',
        'CLOSEDAT',
        'CYACTIVE',
      ],
    });
    expect(packed.crosswalk).toMatchObject({
      sourceRows: 2,
      packedRows: 2,
      columns: ['unitid', 'opeid', 'sat_profile'],
    });
    expect(packed.highSchools).toMatchObject({ sourceRows: 3, packedRows: 3 });
    expect(packed.highSchools.columns).not.toContain('MATCH_SCORE');
    expect(gunzipSync(readFileSync(join(out, 'pesc_crosswalk.csv.gz'))).toString('utf8')).toBe(
      'unitid,opeid,sat_profile\n180461,00253200,4488\n100654,00100200,1003\n',
    );
    const notice = readFileSync(join(out, 'NOTICE.md'), 'utf8');
    expect(notice).toContain('"CU Boulder Office of Data\n  Analytics, NCES-CEEB crosswalk"');
    expect(notice).toContain('CC BY-SA 4.0');
    expect(notice).toContain('CC0 1.0');
    expect(notice).toContain('public domain');

    // One database: each import replaces the lists, so read them after each.
    const db = servers.first;
    const rows = () =>
      Promise.all([
        db
          .selectFrom('colleges')
          .select(['id', 'name', 'alias', 'ceeb', 'opeid', 'address_line_1', 'city', 'state'])
          .select(['zip', 'active', 'degree_granting', 'search_text'])
          .orderBy('id')
          .execute(),
        db
          .selectFrom('high_schools')
          .select(['id', 'name', 'ceeb', 'nces_id', 'city', 'state', 'zip', 'search_text'])
          .orderBy('id')
          .execute(),
      ]);
    const fromOriginals = await importLookups(db, source);
    const originalRows = await rows();
    const fromPacked = await importLookups(db, out);
    expect(fromPacked).toEqual(fromOriginals);
    expect(fromPacked.colleges).toMatchObject({ rowsRead: 3, rowsImported: 3, withCeeb: 2 });
    expect(fromPacked.highSchools).toMatchObject({ rowsRead: 3, rowsImported: 2 });
    expect(await rows()).toEqual(originalRows);
    expect(originalRows[0].map((college) => college.name)).toEqual([
      'Alabama A & M University, "AAMU"',
      'Montana State University',
      'Closed College',
    ]);
  });

  it('refuses a source file that lacks a column the importer needs, naming it', () => {
    const source = join(scratch, 'lacking');
    mkdirSync(source);
    for (const file of LOOKUP_FILE_NAMES) writeFileSync(join(source, file), 'A,B\n1,2\n');
    expect(() => packLookups(source, join(scratch, 'lacking-out'))).toThrow(
      'nces_ceeb_crosswalk.csv lacks the columns HS_CEEB, HS_NAME, HS_CITY, HS_STATE, HS_POSTAL_CD',
    );
  });
});
