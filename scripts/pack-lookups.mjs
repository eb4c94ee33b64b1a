#!/usr/bin/env node
// Builds the compact lookup data the repository ships (server/lookups) from the public files:
//
//   node scripts/pack-lookups.mjs SOURCE_DIR [OUT_DIR]
//
// SOURCE_DIR holds nces_ceeb_crosswalk.csv, pesc_crosswalk.csv and hdYYYY.csv as their
// publishers distribute them; OUT_DIR defaults to server/lookups. Each file keeps every row
// and only the columns the importer reads, gzipped; NOTICE.md names the sources and licences.
// The work is server/src/services/lookups/pack.ts (it shares the importer's column lists),
// run through tsx like the benches.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { ensureDependencies, root } from './ensure.mjs';

const [sourceDir, outDir = join(root, 'server', 'lookups')] = process.argv.slice(2);
if (sourceDir === undefined || sourceDir === '--help') {
  console.error('Usage: node scripts/pack-lookups.mjs SOURCE_DIR [OUT_DIR]');
  process.exit(2);
}

ensureDependencies();
const { tsImport } = await import('tsx/esm/api');
const { packLookups } = await tsImport(
  pathToFileURL(join(root, 'server/src/services/lookups/pack.ts')).href,
  import.meta.url,
);
try {
  const packed = packLookups(resolve(sourceDir), resolve(outDir));
  const kb = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
  let total = 0;
  for (const file of Object.values(packed)) {
    total += file.packedBytes;
    console.log(
      `${file.packed}: ${file.packedRows.toLocaleString('en-US')} rows (as ${file.source}), ${file.columns.length} columns, ${kb(file.sourceBytes)} → ${kb(file.packedBytes)}`,
    );
  }
  console.log(`Wrote ${resolve(outDir)} (${kb(total)} in all) and its NOTICE.md.`);
} catch (error) {
  if (error instanceof Error && error.name === 'LookupImportError') {
    console.error(`pack-lookups: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
