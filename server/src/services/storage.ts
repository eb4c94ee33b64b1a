/**
 * Presigned uploads. The browser posts a file straight to storage with fields the server
 * signed (SPEC §4 file upload, §7 "POST to the presigned storage url"): on S3 through
 * services/s3.ts, by default through our own endpoint `POST /storage/upload`, which checks an
 * HMAC-signed policy the way S3 does before a byte is written: signature, expiry, the exact
 * key, the size range and the content type; then the key's upload grant, so each key is
 * written once, while its grant is live (services/uploadGrants.ts).
 */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';

import { MAX_UPLOAD_BYTES } from '@admit/form-model';

import { type Config } from '../config.ts';
import { type Db } from '../db/database.ts';
import { type Said, text } from './texts.ts';
import { type Clock } from './clock.ts';
import { sameDigest } from './crypto.ts';
import { HttpError } from './errors.ts';
import { assertFileKey, createLocalFileStore, type FileStore } from './files.ts';
import { noSecurityEvents, type RecordSecurityEvent } from './securityEvents.ts';
import { type UploadGrants } from './uploadGrants.ts';

/** What `POST /api/presigned-url` answers (SPEC §3 presigned-url: url and fields with key). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** Hands out presigned POSTs for server-chosen keys. */
export interface UploadSigner {
  presign: (key: string) => Promise<PresignedPost>;
}

/** A presigned POST is good for 5 minutes at most. */
export const POLICY_TTL_MS = 5 * 60_000;

/** The content types an upload may declare (SPEC §5: png, jpeg, jpg, pdf, docx). */
export const ALLOWED_UPLOAD_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** The largest body the endpoint reads: the file plus room for the form fields. */
export const STORAGE_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * One part of the posted form, as the route's multipart parser hands it on, in the order the
 * browser sent them. A file's bytes are read only when `read` is called, after the fields
 * before it have been checked against the signed policy.
 */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      /** The part's own Content-Type, lower-cased, without parameters ("" when none). */
      contentType: string;
      /** The file's bytes; throws HttpError 413 past `MAX_UPLOAD_BYTES`, reading no further. */
      read: () => Promise<Buffer>;
      /** Stops reading the file and the body: a refused upload's bytes are never read. */
      discard: () => void;
    };

export const STORAGE_PATH = '/storage/upload';

export const storageMessages = {
  unsigned: text('server.storage.unsigned'),
  badSignature: text('server.storage.badSignature'),
  expired: text('server.storage.expired'),
  badPolicy: text('server.storage.badPolicy'),
  wrongKey: text('server.storage.wrongKey'),
  extraField: (name: string) => text('server.storage.extraField', { name }),
  duplicateField: (name: string) => text('server.storage.duplicateField', { name }),
  noFile: text('server.storage.noFile'),
  notForm: text('server.storage.notForm'),
  // SPEC §8's, from form-model's catalogues.
  fileTooLarge: text('model.validation.fileTooLarge'),
  fileEmpty: text('model.validation.fileEmpty'),
  fileType: text('model.validation.fileType'),
} as const;

/**
 * A 403 for a form that cannot have come from our own presigned POST untouched: unsigned, a
 * forged or altered signature or policy, another key, a field the policy does not cover. (An
 * expired policy or a refused file type is an applicant's slow hand or wrong file, not this.)
 */
export class UploadForgery extends HttpError {
  constructor(
    /** What was wrong, for the security event log: never a value from the form. */
    readonly reason: 'unsigned' | 'signature' | 'policy' | 'key' | 'field',
    message: Said,
  ) {
    super(403, message);
  }
}

interface Policy {
  expiration: string;
  /** S3's shapes: `{key: "…"}`, `["eq", "$key", "…"]`, `["content-length-range", min, max]`, and ours, `["in", "$Content-Type", [types]]`. */
  conditions: unknown[];
}

/** Form fields the endpoint itself understands; any other field is refused, as S3 does. */
const KNOWN_FIELDS = new Set(['key', 'policy', 'signature', 'algorithm', 'content-type', 'file']);
export const SIGNATURE_ALGORITHM = 'ADMIT-HMAC-SHA256';

function sign(secret: Buffer, policy: string): string {
  return createHmac('sha256', secret).update(policy).digest('hex');
}

/**
 * The embedded signer and verifier. `secret` is the storage signing key (derived from the
 * installation secret by app.ts, never the secret itself).
 */
export function createLocalUploads(deps: {
  secret: () => Promise<Buffer>;
  clock: Clock;
  publicOrigin: string;
}) {
  const { clock } = deps;

  function parsePolicy(encoded: string): Policy {
    let policy: unknown;
    try {
      policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as unknown;
    } catch {
      throw new UploadForgery('policy', storageMessages.badPolicy);
    }
    if (
      typeof policy !== 'object' ||
      policy === null ||
      typeof (policy as Policy).expiration !== 'string' ||
      !Array.isArray((policy as Policy).conditions)
    ) {
      throw new UploadForgery('policy', storageMessages.badPolicy);
    }
    return policy as Policy;
  }

  const signer: UploadSigner = {
    async presign(key) {
      assertFileKey(key);
      const policy: Policy = {
        expiration: new Date(clock().getTime() + POLICY_TTL_MS).toISOString(),
        conditions: [
          { key },
          ['content-length-range', 1, MAX_UPLOAD_BYTES],
          ['in', '$Content-Type', [...ALLOWED_UPLOAD_CONTENT_TYPES]],
        ],
      };
      const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
      return {
        url: `${deps.publicOrigin}${STORAGE_PATH}`,
        fields: {
          key,
          policy: encoded,
          algorithm: SIGNATURE_ALGORITHM,
          signature: sign(await deps.secret(), encoded),
        },
      };
    },
  };

  /**
   * Checks the form's fields (those before the file) against their signed policy: the
   * signature, the expiry and the exact key. Returns the key, the size range and the allowed
   * types. Throws HttpError 403 (signature, expiry, key, policy).
   */
  async function verifyFields(
    fields: ReadonlyMap<string, string>,
  ): Promise<{ key: string; range: [number, number]; types: string[] | undefined }> {
    const encoded = fields.get('policy');
    const signature = fields.get('signature');
    if (encoded === undefined || signature === undefined) {
      throw new UploadForgery('unsigned', storageMessages.unsigned);
    }
    // Constant-time: a forger learns nothing from how long the refusal took.
    const expected = Buffer.from(sign(await deps.secret(), encoded), 'hex');
    const given = /^[0-9a-f]{64}$/i.test(signature)
      ? Buffer.from(signature, 'hex')
      : Buffer.alloc(0);
    if (!sameDigest(expected, given))
      throw new UploadForgery('signature', storageMessages.badSignature);

    const policy = parsePolicy(encoded);
    const expiration = Date.parse(policy.expiration);
    const now = clock().getTime();
    if (!Number.isFinite(expiration)) throw new UploadForgery('policy', storageMessages.badPolicy);
    if (now >= expiration) throw new HttpError(403, storageMessages.expired);
    // A policy we signed never lives longer than POLICY_TTL_MS (a second of clock drift allowed).
    if (expiration - now > POLICY_TTL_MS + 1000)
      throw new UploadForgery('policy', storageMessages.badPolicy);

    const key = fields.get('key');
    let keyChecked = false;
    let range: [number, number] | undefined;
    let types: string[] | undefined;
    for (const condition of policy.conditions) {
      const [operator, subject, value] = Array.isArray(condition)
        ? (condition as unknown[])
        : [undefined, undefined, undefined];
      if (!Array.isArray(condition) && typeof condition === 'object' && condition !== null) {
        const entries = Object.entries(condition);
        const [only] = entries;
        if (entries.length !== 1 || only?.[0] !== 'key' || typeof only[1] !== 'string') {
          throw new UploadForgery('policy', storageMessages.badPolicy);
        }
        if (key !== only[1]) throw new UploadForgery('key', storageMessages.wrongKey);
        keyChecked = true;
      } else if (operator === 'eq' && subject === '$key' && typeof value === 'string') {
        if (key !== value) throw new UploadForgery('key', storageMessages.wrongKey);
        keyChecked = true;
      } else if (
        operator === 'content-length-range' &&
        typeof subject === 'number' &&
        typeof value === 'number'
      ) {
        range = [subject, value];
      } else if (
        operator === 'in' &&
        subject === '$Content-Type' &&
        Array.isArray(value) &&
        value.every((type) => typeof type === 'string')
      ) {
        types = value;
      } else {
        // A condition this endpoint does not understand is not silently ignored.
        throw new UploadForgery('policy', storageMessages.badPolicy);
      }
    }
    // Fail closed: a policy must pin the key and bound the size.
    if (!keyChecked || key === undefined || range === undefined) {
      throw new UploadForgery('policy', storageMessages.badPolicy);
    }
    try {
      assertFileKey(key);
    } catch {
      throw new UploadForgery('key', storageMessages.wrongKey);
    }
    return { key, range, types };
  }

  /**
   * Reads a posted form part by part and checks it against its signed policy; returns the key
   * and bytes to write. The fields come first and are checked before a byte of the file is
   * read; parts after the file are ignored, as S3 ignores them. Throws HttpError 403
   * (signature, expiry, key, type, stray fields), 413 (too large) or 400 (empty, no file, a
   * field twice). Nothing is written by this function.
   */
  async function verify(
    parts: AsyncIterable<UploadPart>,
  ): Promise<{ key: string; bytes: Uint8Array }> {
    const fields = new Map<string, string>();
    let file: { bytes: Buffer; contentType: string } | undefined;
    let checked: Awaited<ReturnType<typeof verifyFields>> | undefined;
    for await (const part of parts) {
      if (file !== undefined) {
        if (part.kind === 'file') part.discard();
        continue;
      }
      const name = part.name.toLowerCase();
      if (!KNOWN_FIELDS.has(name)) {
        if (part.kind === 'file') part.discard();
        throw new UploadForgery('field', storageMessages.extraField(part.name));
      }
      if (fields.has(name)) {
        if (part.kind === 'file') part.discard();
        throw new HttpError(400, storageMessages.duplicateField(part.name));
      }
      if (name !== 'file') {
        fields.set(name, part.kind === 'field' ? part.value : '');
        if (part.kind === 'file') part.discard();
        continue;
      }
      try {
        checked = await verifyFields(fields);
      } catch (error) {
        if (part.kind === 'file') part.discard();
        throw error;
      }
      file =
        part.kind === 'file'
          ? { bytes: await part.read(), contentType: part.contentType }
          : { bytes: Buffer.from(part.value), contentType: '' };
    }
    checked ??= await verifyFields(fields);
    if (file === undefined) throw new HttpError(400, storageMessages.noFile);
    const { key, range, types } = checked;
    if (file.bytes.length > range[1]) throw new HttpError(413, storageMessages.fileTooLarge);
    if (file.bytes.length < range[0]) throw new HttpError(400, storageMessages.fileEmpty);
    // S3's rule: a Content-Type field sets the stored type; else the file part's own type.
    const declared = fields.get('content-type');
    const contentType =
      declared === undefined
        ? file.contentType
        : (declared.split(';')[0] ?? '').trim().toLowerCase();
    if (types !== undefined && !types.includes(contentType)) {
      throw new HttpError(403, storageMessages.fileType);
    }
    return { key, bytes: file.bytes };
  }

  return {
    signer,
    verify,

    /**
     * Verifies the form, then writes the file once under its grant (services/uploadGrants.ts:
     * issued, policy running, application not submitted); nothing is written on a refusal.
     */
    async accept(
      parts: AsyncIterable<UploadPart>,
      store: { files: FileStore; grants: UploadGrants },
      record: RecordSecurityEvent = noSecurityEvents,
    ): Promise<{ key: string }> {
      let verified: { key: string; bytes: Uint8Array };
      try {
        verified = await verify(parts);
      } catch (error) {
        if (error instanceof UploadForgery) record('upload.refused', { reason: error.reason });
        throw error;
      }
      const { key, bytes } = verified;
      await store.grants.writeOnce(key, () => store.files.put(key, bytes));
      return { key };
    },
  };
}

export type LocalUploads = ReturnType<typeof createLocalUploads>;

/** The storage signing key: the installation secret, HMAC'd with a purpose label. */
export function deriveStorageSecret(installationSecret: Buffer): Buffer {
  return createHmac('sha256', installationSecret).update('admit:storage-policy:v1').digest();
}

/**
 * Where files live: S3 when S3_BUCKET is set (the SDK is loaded only then), else local disk
 * under DATA_DIR/files with the embedded endpoint (`local`) that checks our own policies.
 */
export async function createStorage(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  /** Where a full disk is reported (one error line per refused write). */
  log?: { error: (obj: object, msg: string) => void };
}): Promise<{ files: FileStore; uploads: UploadSigner; local: LocalUploads | undefined }> {
  const { config, db, clock } = deps;
  if (config.s3 !== undefined) {
    const { createS3Storage } = await import('./s3.ts');
    return { ...createS3Storage(config.s3), local: undefined };
  }
  let secret: Promise<Buffer> | undefined;
  const local = createLocalUploads({
    secret: () =>
      (secret ??= db
        .selectFrom('app_secret')
        .select('secret')
        .executeTakeFirstOrThrow()
        .then((row) => deriveStorageSecret(row.secret))),
    clock,
    publicOrigin: config.publicOrigin,
  });
  return {
    files: createLocalFileStore(
      join(config.dataDir, 'files'),
      deps.log === undefined ? {} : { log: deps.log },
    ),
    uploads: local.signer,
    local,
  };
}
