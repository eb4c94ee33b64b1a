import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

import { MAX_UPLOAD_BYTES } from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from '../config.ts';
import { createS3Storage } from './s3.ts';

const base = { PUBLIC_ORIGIN: 'http://127.0.0.1:3000', SOFFICE: 'off' };

describe('S3 configuration', () => {
  it('is off by default: files stay on local disk', () => {
    expect(readConfig(base).s3).toBeUndefined();
  });

  it('reads S3_BUCKET, S3_REGION and S3_ENDPOINT', () => {
    expect(readConfig({ ...base, S3_BUCKET: 'admit-uploads' }).s3).toEqual({
      bucket: 'admit-uploads',
      region: 'us-east-1',
      endpoint: undefined,
    });
    expect(
      readConfig({
        ...base,
        S3_BUCKET: 'admit-uploads',
        S3_REGION: 'us-west-2',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      }).s3,
    ).toEqual({ bucket: 'admit-uploads', region: 'us-west-2', endpoint: 'http://127.0.0.1:9000' });
  });

  it('refuses a wrong value with a sentence naming the variable', () => {
    const refused = (env: Record<string, string>) => () => readConfig({ ...base, ...env });
    expect(refused({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(ConfigError);
    expect(refused({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(refused({ S3_BUCKET: 'ok-bucket', S3_REGION: 'US East' })).toThrow(/S3_REGION/);
    expect(refused({ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(refused({ S3_REGION: 'us-east-1' })).toThrow(/S3_BUCKET/);
    expect(refused({ SOFFICE: '/no/such/soffice' })).toThrow(/SOFFICE/);
  });
});

describe('S3 presigned POST', () => {
  it('is signed by the SDK for the exact key, 1 byte to 1 MB, 5 minutes (no network needed)', async () => {
    const { uploads } = createS3Storage(
      { bucket: 'admit-uploads', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000' },
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    );
    const before = Date.now();
    const { url, fields } = await uploads.presign('uploads/account/decision_essay_file/abc');
    expect(url).toBe('http://127.0.0.1:9000/admit-uploads');
    expect(fields.key).toBe('uploads/account/decision_essay_file/abc');
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_UPLOAD_BYTES]);
    expect(policy.conditions).toContainEqual({ key: 'uploads/account/decision_essay_file/abc' });
    expect(Date.parse(policy.expiration) - before).toBeLessThanOrEqual(5 * 60_000 + 1000);
  });

  it('refuses an unsafe key before signing anything', async () => {
    const { uploads } = createS3Storage(
      { bucket: 'admit-uploads', region: 'us-east-1', endpoint: undefined },
      { accessKeyId: 'a', secretAccessKey: 'b' },
    );
    await expect(uploads.presign('../escape')).rejects.toThrow(/unsafe file key/);
  });
});

describe('S3 listing (the housekeeping sweep)', () => {
  it('lists every object under a prefix across pages, with when it was written', async () => {
    const requests: URLSearchParams[] = [];
    const page = (keys: string[], next?: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>admit-uploads</Name><Prefix>uploads/</Prefix><KeyCount>${String(keys.length)}</KeyCount>` +
      `<MaxKeys>1000</MaxKeys><IsTruncated>${next === undefined ? 'false' : 'true'}</IsTruncated>` +
      (next === undefined ? '' : `<NextContinuationToken>${next}</NextContinuationToken>`) +
      keys
        .map(
          (key) =>
            `<Contents><Key>${key}</Key><LastModified>2026-03-01T10:00:00.000Z</LastModified><Size>5</Size></Contents>`,
        )
        .join('') +
      `</ListBucketResult>`;
    // A local server that answers ListObjectsV2 as S3 does, in two pages.
    const server = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
      requests.push(query);
      response.setHeader('content-type', 'application/xml');
      response.end(
        query.get('continuation-token') === 'page-2'
          ? page(['uploads/b/decision_essay_file/2'])
          : page(['uploads/a/decision_essay_file/1'], 'page-2'),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { files } = createS3Storage(
        {
          bucket: 'admit-uploads',
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${String(port)}`,
        },
        { accessKeyId: 'a', secretAccessKey: 'b' },
      );
      const listed = [];
      for await (const file of files.list('uploads/')) listed.push(file);
      expect(listed).toEqual([
        {
          key: 'uploads/a/decision_essay_file/1',
          modifiedAt: new Date('2026-03-01T10:00:00.000Z'),
        },
        {
          key: 'uploads/b/decision_essay_file/2',
          modifiedAt: new Date('2026-03-01T10:00:00.000Z'),
        },
      ]);
      expect(requests.map((query) => [query.get('list-type'), query.get('prefix')])).toEqual([
        ['2', 'uploads/'],
        ['2', 'uploads/'],
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
