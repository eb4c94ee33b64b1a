/**
 * The application PDF in the college's look (docs/colleges.md "The PDF"): its title, header
 * lines, footer and colours come from college.json's `pdf`, and a college that changes them
 * gets new PDFs; a college that sets nothing gets the defaults from its theme and contact.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadTenant } from '@admit/tenant-config/node';
import { type TenantConfig } from '@admit/tenant-config';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { type Db, migrate, openDatabase } from '../../db/database.ts';
import { type PdfStatusResponse } from '../../services/pdf.ts';
import { createDatabase, ORIGIN, signedIn } from '../../test/context.ts';
import { pageOneDraws } from '../../test/pdfPixels.ts';
import { pdfText } from '../../test/pdfText.ts';

let folder: string;
let url: string;
let drop: () => Promise<void>;
const opened: { app: FastifyInstance; db: Db }[] = [];

beforeAll(async () => {
  ({ url, drop } = await createDatabase());
  const db = openDatabase(url, 4);
  await migrate(db);
  await db.destroy();
  folder = await mkdtemp(join(tmpdir(), 'admit-pdf-look-'));
});
afterAll(async () => {
  for (const { app, db } of opened) {
    await app.close();
    await db.destroy();
  }
  await drop();
  await rm(folder, { recursive: true, force: true });
});

/** The product for `tenant`, on the one test database and a file store of its own. */
async function serve(tenant: TenantConfig): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(join(folder, 'data-'));
  const config = readConfig({ PUBLIC_ORIGIN: ORIGIN, DATABASE_URL: url, DATA_DIR: dataDir });
  const db = openDatabase(url, 4);
  const app = await buildApp({ config, tenant, db, logger: { level: 'error' } });
  await app.ready();
  opened.push({ app, db });
  return app;
}

let applicants = 0;
/** An applicant named Ngozi Okafor on `app`, answered, and their PDF's bytes. */
async function applicationPdf(
  app: FastifyInstance,
): Promise<{ bytes: Buffer; url: string; cookie: string }> {
  applicants += 1;
  const cookie = await signedIn(app, `look-${applicants}@example.com`);
  const headers = { cookie, origin: ORIGIN };
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/answer',
    payload: { first_name: 'Ngozi', last_name: 'Okafor' },
    headers,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const status = (
    await app.inject({ method: 'GET', url: '/api/pdf', headers })
  ).json<PdfStatusResponse>();
  expect(status.status).toBe('COMPLETED');
  const download = await app.inject({ method: 'GET', url: status.url ?? '', headers });
  expect(download.statusCode).toBe(200);
  return { bytes: download.rawPayload, url: status.url ?? '', cookie };
}

describe("the application PDF in the college's look", () => {
  it('prints the defaults from the theme and contact when college.json sets no "pdf"', async () => {
    const tenant = loadTenant('gallatin');
    expect(tenant.pdf).toBeUndefined();
    const { bytes } = await applicationPdf(await serve(tenant));
    const { text, title } = await pdfText(bytes);
    expect(title).toBe(`${tenant.names.college}: Application for Admission, Ngozi Okafor`);
    expect(text).toContain(tenant.contact.phone);
    expect(text).toContain(`${tenant.names.college} | Application for Admission | Ngozi Okafor`);
    expect(await pageOneDraws(bytes, tenant.theme.colors.primary.main)).toBe(true);
  });

  it("prints the college's own title, header lines, footer and colour", async () => {
    const base = loadTenant('example');
    const tenant: TenantConfig = {
      ...base,
      pdf: {
        title: 'Spring Admission Record',
        headerLines: ['Office of Admissions', 'Hall 4, Room 12'],
        footer: 'Confidential: {applicant}, {college}',
        accentColor: '#7A0019',
      },
    };
    const { bytes } = await applicationPdf(await serve(tenant));
    const { text, title } = await pdfText(bytes);
    expect(title).toBe(`${base.names.college}: Spring Admission Record, Ngozi Okafor`);
    expect(text).toContain('Spring Admission Record');
    expect(text).toContain('Office of Admissions');
    expect(text).toContain('Hall 4, Room 12');
    // The header lines replace the contact block.
    expect(text).not.toContain(base.contact.phone);
    expect(text).toContain(`Confidential: Ngozi Okafor, ${base.names.college}`);
    expect(text).not.toContain('Application for Admission');
    expect(await pageOneDraws(bytes, '#7A0019')).toBe(true);
  });

  it('gives an applicant a new PDF when the college changes its look', async () => {
    const base = loadTenant('example');
    const before = await serve(base);
    const { cookie, url: first } = await applicationPdf(before);
    // The same account and answers, served by an instance whose college changed its footer.
    const after = await serve({ ...base, pdf: { footer: 'Changed: {college}' } });
    const headers = { cookie, origin: ORIGIN };
    const status = (
      await after.inject({ method: 'GET', url: '/api/pdf', headers })
    ).json<PdfStatusResponse>();
    expect(status.status).toBe('COMPLETED');
    expect(status.url).not.toBe(first);
    const download = await after.inject({ method: 'GET', url: status.url ?? '', headers });
    expect((await pdfText(download.rawPayload)).text).toContain(`Changed: ${base.names.college}`);
  });
});
