/**
 * Files on S3 (or any S3-compatible store), chosen when S3_BUCKET is set: the FileStore over
 * GetObject/PutObject/HeadObject/DeleteObject, and presigned POSTs signed by S3 itself
 * (@aws-sdk/s3-presigned-post) with the same limits as the embedded endpoint: the exact key,
 * 1 byte to 1 MB, 5 minutes. Credentials come from the AWS SDK's usual chain (environment,
 * shared files, instance role).
 *
 * S3 policies cannot list allowed content types (no "one of" condition), so on S3 the type
 * the browser declares is not limited; the conversion request sniffs the real type from the
 * bytes either way, and that is the check that counts.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { MAX_UPLOAD_BYTES } from '@admit/form-model';

import { type S3Config } from '../config.ts';
import { assertFileKey, type FileStore } from './files.ts';
import { POLICY_TTL_MS, type UploadSigner } from './storage.ts';

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export function createS3Storage(
  config: S3Config,
  /** Static credentials (tests); production uses the SDK's default chain. */
  credentials?: S3ClientConfig['credentials'],
): { files: FileStore; uploads: UploadSigner } {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint, forcePathStyle: true }),
    ...(credentials === undefined ? {} : { credentials }),
  });
  const Bucket = config.bucket;

  const files: FileStore = {
    async put(key, bytes) {
      assertFileKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
    },
    async get(key) {
      assertFileKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = await object.Body?.transformToByteArray();
        return body === undefined ? undefined : Buffer.from(body);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async size(key) {
      assertFileKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined && object.LastModified !== undefined)
            yield { key: object.Key, modifiedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
    },
  };

  const uploads: UploadSigner = {
    async presign(key) {
      assertFileKey(key);
      // createPresignedPost adds the exact-key condition itself.
      // s3-presigned-post pins its own client-s3 (a patch release apart); the client's shape is
      // the same, only the class identity differs.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- see above
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, MAX_UPLOAD_BYTES],
          ['starts-with', '$Content-Type', ''],
        ],
        Expires: Math.floor(POLICY_TTL_MS / 1000),
      });
      return { url, fields };
    },
  };

  return { files, uploads };
}
