/**
 * Packs the public lookup files into the compact copies the repository ships (server/lookups):
 * only the columns the importer reads (LOOKUP_COLUMNS, header names as published, so the
 * importer reads a packed file exactly as the original), every row kept in its order (the
 * first of two rows with one id wins on import), gzipped at level 9, and a NOTICE.md naming
 * each source and its licence. The NCES-CEEB crosswalk is CC BY-SA 4.0: its packed copy is a
 * derivative under the same licence, so the notice travels with the files and is written here,
 * where the derivative is made. Run by scripts/pack-lookups.mjs.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';

import { parse } from 'csv-parse/sync';

import { LOOKUP_COLUMNS, LOOKUP_FILES, LookupImportError, lookupFiles } from './import.ts';

/** What one packed file holds, next to its original. */
export interface PackedFile {
  /** The original's name (`hd2024.csv`); the packed one adds `.gz`. */
  source: string;
  packed: string;
  /** Data rows (header excluded) in the original and in the packed copy: always equal. */
  sourceRows: number;
  packedRows: number;
  sourceBytes: number;
  packedBytes: number;
  /** The columns kept, as the original spells them. */
  columns: string[];
}

/** The records of a CSV text, header first (the text as published: BOM and all). */
function records(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
}

/** The UTF-8 text of `file`; refuses anything else, as the importer would. */
function utf8(file: string, bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LookupImportError(`${basename(file)} is not UTF-8 text; save it as UTF-8 first`);
  }
}

/** One CSV field, quoted when RFC 4180 requires it (or when blanks at either end would go). */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Packs one file: the `wanted` columns, every row, gzipped; checks the copy reads back whole. */
function packFile(
  file: string,
  columns: { required: readonly string[]; optional: readonly string[] },
  outDir: string,
): PackedFile {
  const bytes = readFileSync(file);
  const [header = [], ...rows] = records(utf8(file, bytes));
  const upper = header.map((name) => name.trim().toUpperCase());
  const missing = columns.required.filter((name) => !upper.includes(name));
  if (missing.length > 0)
    throw new LookupImportError(`${basename(file)} lacks the columns ${missing.join(', ')}`);
  const kept = [...columns.required, ...columns.optional]
    .map((name) => upper.indexOf(name))
    .filter((index) => index >= 0)
    .sort((a, b) => a - b);
  const line = (fields: string[]) => kept.map((index) => csvField(fields[index] ?? '')).join(',');
  const text = `${[header, ...rows].map(line).join('\n')}\n`;
  const packed = `${basename(file)}.gz`;
  const gzipped = gzipSync(text, { level: constants.Z_BEST_COMPRESSION });
  writeFileSync(join(outDir, packed), gzipped);
  const packedRows = records(gunzipSync(gzipped).toString('utf8')).length - 1;
  if (packedRows !== rows.length)
    throw new Error(`${packed} holds ${packedRows} rows, not the ${rows.length} of ${file}`);
  return {
    source: basename(file),
    packed,
    sourceRows: rows.length,
    packedRows,
    sourceBytes: bytes.length,
    packedBytes: gzipped.length,
    columns: kept.map((index) => header[index] ?? ''),
  };
}

/** NOTICE.md: each source and licence, in our words, with what the packed copy holds. */
function notice(files: { highSchools: PackedFile; crosswalk: PackedFile; directory: PackedFile }) {
  const rows = (file: PackedFile) => file.packedRows.toLocaleString('en-US');
  const kept = (file: PackedFile) => file.columns.map((name) => `\`${name}\``).join(', ');
  return `# Lookup data: sources and licences

Compact copies of three public files, imported into the high-school and college lookups at a
server's first start (server/README.md, "Lookups"). Each keeps every row of its original and
only the columns Admit reads, and is gzipped. They are rebuilt from the originals with
\`node scripts/pack-lookups.mjs SOURCE_DIR\`, which also writes this file.

## ${files.directory.packed}: colleges

- What: IPEDS "Institutional Characteristics: Directory information" (HD) for 2024, every US
  postsecondary institution; ${rows(files.directory)} rows.
- Source: US Department of Education, National Center for Education Statistics (NCES),
  Integrated Postsecondary Education Data System (IPEDS), https://nces.ed.gov/ipeds/.
- Licence: a work of the US federal government, in the public domain.
- Columns kept: ${kept(files.directory)}.

## ${files.crosswalk.packed}: the colleges' CEEB (SAT) codes

- What: the PESC crosswalk from IPEDS unit ids and OPEIDs to College Board SAT (CEEB) and ACT
  codes of colleges; ${rows(files.crosswalk)} rows.
- Source: the Postsecondary Electronic Standards Council (PESC), 2016, as packaged in the
  R package ripeds (https://github.com/Btibert3/ripeds).
- Licence: CC0 1.0 (no rights reserved). The codes date from 2016 and were not verified.
- Columns kept: ${kept(files.crosswalk)}.

## ${files.highSchools.packed}: high schools

- What: US high schools with their 6-digit CEEB code, NCES id, name, city, state and ZIP;
  ${rows(files.highSchools)} rows.
- Source: CU Boulder Office of Data Analytics, NCES-CEEB crosswalk
  (https://github.com/UCBoulder/ceeb_nces_crosswalk).
- Licence: Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0,
  https://creativecommons.org/licenses/by-sa/4.0/). Attribution: "CU Boulder Office of Data
  Analytics, NCES-CEEB crosswalk". This compact file is a derivative of it (columns removed,
  gzipped) and is shared under the same licence, CC BY-SA 4.0.
- Columns kept: ${kept(files.highSchools)}.

No official bulk list of CEEB codes is public (colleges license the College Board's), so a
CEEB code is optional everywhere in Admit; \`npm run admin -- lookups:import DIR\` replaces these
lists with a college's own files.
`;
}

/**
 * Packs the three files of `sourceDir` (as `lookups:import` finds them) into `outDir`, with
 * NOTICE.md. Throws when a file lacks a column the importer needs, or a packed copy would not
 * hold every row of its original.
 */
export function packLookups(
  sourceDir: string,
  outDir: string,
): { highSchools: PackedFile; crosswalk: PackedFile; directory: PackedFile } {
  const files = lookupFiles(sourceDir);
  for (const file of Object.values(files))
    if (file.endsWith('.gz'))
      throw new LookupImportError(`${basename(file)} is already packed: give the plain CSV files`);
  mkdirSync(outDir, { recursive: true });
  // An earlier year's hdYYYY.csv.gz would linger beside the new one.
  for (const name of readdirSync(outDir))
    if (
      name === `${LOOKUP_FILES.highSchools}.gz` ||
      name === `${LOOKUP_FILES.crosswalk}.gz` ||
      (LOOKUP_FILES.ipedsPattern.test(name) && name.endsWith('.gz'))
    )
      rmSync(join(outDir, name));
  const packed = {
    highSchools: packFile(files.highSchools, LOOKUP_COLUMNS.highSchools, outDir),
    crosswalk: packFile(files.crosswalk, LOOKUP_COLUMNS.crosswalk, outDir),
    directory: packFile(files.directory, LOOKUP_COLUMNS.directory, outDir),
  };
  writeFileSync(join(outDir, 'NOTICE.md'), notice(packed));
  return packed;
}
