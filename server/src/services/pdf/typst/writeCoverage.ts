/**
 * `npm run gen:print-coverage`: rewrites form-model's table of the characters the PDF can
 * print from the PDF's fonts (coverage.ts). Run it after changing fonts.ts.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { COVERAGE_MODULE_PATH, coverageModule, fontCoverage } from './coverage.ts';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const ranges = await fontCoverage();
await writeFile(root + COVERAGE_MODULE_PATH, coverageModule(ranges));
console.log(`${COVERAGE_MODULE_PATH}: ${String(ranges.length)} ranges written.`);
