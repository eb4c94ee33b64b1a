/**
 * The first Typst PDF of a fresh process, for bench/pdf/run.ts: loads the engine and the fonts,
 * typesets the bench application once and prints the milliseconds that took as JSON. The
 * Node start and the loading of this script's own modules are not in it.
 */
import { printModel } from '@admit/form-model';
import { loadTenant } from '@admit/tenant-config/node';

import { fullyAnsweredApplication } from './application.ts';

const tenant = loadTenant('gallatin');
const { answers, context } = fullyAnsweredApplication(tenant);
const model = printModel(tenant.pages, answers, {}, context, { maskSsn: true });

const start = performance.now();
const { renderTypstApplicationPdf } = await import('@admit/server');
const imported = performance.now();
const pdf = await renderTypstApplicationPdf(
  model,
  {
    college: tenant.names.college,
    applicant: { name: 'Ánh Thị Nguyễn-Łukasiewicz', username: 'anh.nguyen@example.com' },
    generatedAt: new Date(),
    accentColor: tenant.theme.colors.primary.main,
  },
  [],
  { logoSvg: tenant.logoSvg },
);
const done = performance.now();
console.log(
  JSON.stringify({ importMs: imported - start, renderMs: done - imported, bytes: pdf.byteLength }),
);
