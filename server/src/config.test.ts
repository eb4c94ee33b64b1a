import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from './config.ts';

const base = { SOFFICE: 'off' };
const config = (env: Record<string, string>) => readConfig({ ...base, ...env });

describe('DEV_MAILBOX: who may read every code and reset link', () => {
  it('is on by itself only for an http origin on a loopback address, without SMTP_URL (regression: served with an https origin and a real SMTP server)', () => {
    for (const origin of [
      'http://127.0.0.1:3000',
      'http://127.8.9.10:3000',
      'http://localhost:3000',
      'http://[::1]:3000',
    ])
      expect(config({ PUBLIC_ORIGIN: origin }).devMailbox, origin).toBe(true);
    for (const origin of [
      'https://apply.example.edu',
      'https://localhost:3000',
      'http://192.168.1.20:3000',
      'http://apply.example.edu',
      'http://127.0.0.1.nip.io:3000',
    ])
      expect(config({ PUBLIC_ORIGIN: origin }).devMailbox, origin).toBe(false);
    expect(config({}).devMailbox).toBe(true);
  });

  it('is off with SMTP_URL, in production, or when listening on every interface', () => {
    const local = { PUBLIC_ORIGIN: 'http://127.0.0.1:3000' };
    expect(config({ ...local, SMTP_URL: 'smtp://mail.example.edu:587' }).devMailbox).toBe(false);
    expect(config({ ...local, NODE_ENV: 'production' }).devMailbox).toBe(false);
    expect(config({ ...local, HOST: '0.0.0.0' }).devMailbox).toBe(false);
  });

  it('DEV_MAILBOX=1 turns it on anywhere, DEV_MAILBOX=0 off; anything else stops the start', () => {
    expect(
      config({ PUBLIC_ORIGIN: 'https://apply.example.edu', DEV_MAILBOX: '1' }).devMailbox,
    ).toBe(true);
    expect(config({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000', DEV_MAILBOX: '0' }).devMailbox).toBe(
      false,
    );
    expect(() => config({ DEV_MAILBOX: 'yes' })).toThrow(
      new ConfigError('DEV_MAILBOX must be 1 (on) or 0 (off), not "yes"'),
    );
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set: X-Forwarded-For is not believed', () => {
    expect(config({}).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes true, a number of proxies, or a list of proxy addresses and CIDR ranges', () => {
    expect(config({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(config({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      config({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, ::1, loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback']);
  });

  it('refuses anything else, naming the part at fault', () => {
    const refused: [value: string, part: string][] = [
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.1, proxy.example.edu', 'proxy.example.edu'],
      ['yes', 'yes'],
      ['1000', '1000'],
      ['10.0.0.0/8/1', '10.0.0.0/8/1'],
    ];
    for (const [value, part] of refused) {
      expect(() => config({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => config({ TRUST_PROXY: value }), value).toThrow(`"${part}" is none of these`);
    }
  });
});

describe('TENANT and TENANT_DIR: which college the server serves', () => {
  it('serves a bundled college by TENANT (gallatin by default), or a folder anywhere by TENANT_DIR', () => {
    expect(config({})).toMatchObject({ tenant: 'gallatin', tenantDir: undefined });
    expect(config({ TENANT: 'example' })).toMatchObject({ tenant: 'example' });
    const bundled = fileURLToPath(new URL('../../tenant-config/colleges/example', import.meta.url));
    expect(readConfig({ ...base, TENANT_DIR: 'example' }, dirname(bundled)).tenantDir).toBe(
      bundled,
    );
  });

  it('refuses a TENANT_DIR without a college.json, and a TENANT that is a path, naming the variable', () => {
    expect(() => config({ TENANT_DIR: tmpdir() })).toThrow(
      /TENANT_DIR must be a college's folder, holding a college\.json/,
    );
    expect(() => config({ TENANT: '../colleges/x' })).toThrow(
      /TENANT must be a bundled college's id .*; a college's folder elsewhere is TENANT_DIR/,
    );
  });
});

describe('METRICS_PORT and METRICS_HOST: the Prometheus listener', () => {
  it('is off unless METRICS_PORT is set, and listens on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(config({}).metrics).toBeUndefined();
    expect(config({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(config({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(config({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
  });

  it('refuses a port that is not one, the applicants’ own port, and a host without a port', () => {
    expect(() => config({ METRICS_PORT: 'nine' })).toThrow(
      new ConfigError('METRICS_PORT must be a whole number from 0 to 65535, not "nine"'),
    );
    expect(() => config({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/must differ from PORT/);
    expect(() => config({ METRICS_HOST: '0.0.0.0' })).toThrow(
      new ConfigError('METRICS_HOST needs METRICS_PORT to be set as well'),
    );
  });
});

describe('REQUEST_TIMEOUT_S and MAX_CONNECTIONS', () => {
  it('default to 30 seconds and 1000 connections', () => {
    expect(config({}).requestTimeoutMs).toBe(30_000);
    expect(config({}).maxConnections).toBe(1000);
    expect(config({ REQUEST_TIMEOUT_S: '3', MAX_CONNECTIONS: '50' })).toMatchObject({
      requestTimeoutMs: 3000,
      maxConnections: 50,
    });
  });

  it('refuse anything but a whole number in range, naming the variable', () => {
    expect(() => config({ REQUEST_TIMEOUT_S: '0' })).toThrow(
      new ConfigError(
        'REQUEST_TIMEOUT_S must be a whole number of seconds from 1 to 3600, not "0"',
      ),
    );
    expect(() => config({ REQUEST_TIMEOUT_S: '2.5' })).toThrow(/REQUEST_TIMEOUT_S/);
    expect(() => config({ MAX_CONNECTIONS: 'lots' })).toThrow(
      new ConfigError(
        'MAX_CONNECTIONS must be a whole number of connections from 1 to 1000000, not "lots"',
      ),
    );
  });
});
