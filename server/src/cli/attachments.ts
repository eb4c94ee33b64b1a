/**
 * What `export` writes beside the answers for each applicant: the application PDF (as the
 * applicant downloads it, converted documents appended) and every uploaded document as it was
 * uploaded, from the same FileStore as the server (DATA_DIR/files or S3).
 */
import { type TenantConfig } from '@admit/tenant-config';

import { type Config } from '../config.ts';
import { type Db } from '../db/database.ts';
import { type Clock } from '../services/clock.ts';
import { completedDocuments } from '../services/documents.ts';
import { createApplicationPdfs } from '../services/pdf.ts';
import { type SsnVault } from '../services/ssn.ts';
import { createStorage } from '../services/storage.ts';
import { type AttachmentSource, type ExportAttachment } from './commands.ts';

export async function applicationFiles(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  tenant: TenantConfig;
  /** Opens the SSN to print it, masked as every copy of the PDF. */
  ssn: SsnVault;
}): Promise<AttachmentSource> {
  const { db, clock, tenant, ssn } = deps;
  const { files } = await createStorage(deps);
  const pdfs = createApplicationPdfs({
    db,
    clock,
    tenant,
    ssn,
    files,
    documents: { completedFor: (accountId) => completedDocuments(db, accountId) },
  });
  return async ({ accountId, username }) => {
    const { bytes } = await pdfs.download(accountId, username);
    const found: ExportAttachment[] = [{ name: 'application.pdf', bytes }];
    const documents = await db
      .selectFrom('documents')
      .select(['answer_key', 'file_name', 'original_key'])
      .where('account_id', '=', accountId)
      .orderBy('answer_key')
      .execute();
    for (const document of documents) {
      const original = await files.get(document.original_key);
      // Named by question, so two questions' "essay.pdf" never collide.
      if (original !== undefined)
        found.push({ name: `${document.answer_key}-${document.file_name}`, bytes: original });
    }
    return found;
  };
}
