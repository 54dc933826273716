import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The message of the ConfigError that loading `env` throws. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a safe default for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: undefined,
      admin: undefined,
      logLevel: 'info',
      jwtSecret: undefined,
      rateLimitWritesPerMinute: 60,
      rateLimitUploadsPerHour: 60,
      trustProxy: false,
      uploadMaxBytes: 5 * 1024 * 1024,
      s3: undefined,
      businessTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('reads each setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/farmstall',
      DATABASE_URL: 'postgres://shop:secret@db.internal:5432/farmstall',
      PUBLIC_URL: 'https://shop.example.com/',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'Str0ng#Pass',
      UPLOAD_MAX_BYTES: '1048576',
      BUSINESS_TIME_ZONE: 'Pacific/Kiritimati',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/farmstall',
      databaseUrl: 'postgres://shop:secret@db.internal:5432/farmstall',
      publicUrl: 'https://shop.example.com',
      seedDemo: false,
      admin: { email: 'Owner@Example.com', password: 'Str0ng#Pass' },
      uploadMaxBytes: 1048576,
      businessTimeZone: 'Pacific/Kiritimati',
    });
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('reads SEED_DEMO as a yes/no switch, unset meaning "on first start"', () => {
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
    expect(loadConfig({}).seedDemo).toBeUndefined();
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', HOST: ' ', UPLOAD_MAX_BYTES: '', SEED_DEMO: '' })).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      uploadMaxBytes: 5 * 1024 * 1024,
      seedDemo: undefined,
    });
  });

  it('configures S3 storage only with a bucket and both keys, path-style for a custom endpoint', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'pictures',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'pictures',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicUrl: undefined,
      forcePathStyle: true,
    });
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ RATE_LIMIT_UPLOADS_PER_HOUR: '5' }).rateLimitUploadsPerHour).toBe(5);
  });

  it.each(['true', 'yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'proxy.internal', '10.0.0.1/8/2'])(
    'refuses TRUST_PROXY=%s, which would trust anyone or names no address',
    (value) => {
      expect(configError({ TRUST_PROXY: value })).toMatch(
        new RegExp(
          `^Invalid configuration: TRUST_PROXY=${JSON.stringify(value).replaceAll('.', '\\.')}: must be false, a number of proxy hops`,
        ),
      );
    },
  );

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT="abc": must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT="70000": must be a whole number from 0 to 65535'],
    [{ PORT: '80.5' }, 'Invalid configuration: PORT="80.5": must be a whole number from 0 to 65535'],
    [
      { DATABASE_URL: 'mysql://db/shop' },
      'Invalid configuration: DATABASE_URL="mysql://db/shop": must start with postgres:// or postgresql://',
    ],
    [
      { PUBLIC_URL: 'shop.example.com' },
      'Invalid configuration: PUBLIC_URL="shop.example.com": must be a URL such as https://shop.example.com',
    ],
    [{ SEED_DEMO: 'maybe' }, 'Invalid configuration: SEED_DEMO="maybe": must be true or false'],
    [{ JWT_SECRET: 'short' }, 'Invalid configuration: JWT_SECRET="short": must be at least 32 characters'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ UPLOAD_MAX_BYTES: '-5' }, 'Invalid configuration: UPLOAD_MAX_BYTES="-5": must be a whole number of at least 1'],
    [
      { RATE_LIMIT_WRITES_PER_MINUTE: 'lots' },
      'Invalid configuration: RATE_LIMIT_WRITES_PER_MINUTE="lots": must be a whole number of at least 1',
    ],
    [
      { RATE_LIMIT_UPLOADS_PER_HOUR: '0' },
      'Invalid configuration: RATE_LIMIT_UPLOADS_PER_HOUR="0": must be a whole number of at least 1',
    ],
    [
      { BUSINESS_TIME_ZONE: 'Mars/Olympus' },
      'Invalid configuration: BUSINESS_TIME_ZONE="Mars/Olympus": must be a time zone name such as America/Los_Angeles',
    ],
    [
      { BUSINESS_TIME_ZONE: "UTC' -c log_statement=all" },
      `Invalid configuration: BUSINESS_TIME_ZONE="UTC' -c log_statement=all": must be a time zone name such as America/Los_Angeles`,
    ],
    [{ S3_ENDPOINT: 'minio' }, 'Invalid configuration: S3_ENDPOINT="minio": must be a URL'],
    [
      { S3_BUCKET: 'pictures' },
      'Invalid configuration: S3_ACCESS_KEY_ID="": S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set',
    ],
  ])('refuses %j in one clear line', (env, message) => {
    expect(configError(env)).toBe(message);
  });

  it('asks for the primary itself (DATABASE_DIRECT_URL) behind a transaction-mode pooler', () => {
    const pooler = 'postgres://app:pw@127.0.0.1:6432/farmstall';
    expect(configError({ DATABASE_URL: pooler, DATABASE_POOL_MODE: 'transaction' })).toBe(
      'Invalid configuration: DATABASE_POOL_MODE="transaction": transaction needs DATABASE_DIRECT_URL as well (the primary itself: migrations, LISTEN and the job queue need a session)',
    );
    const direct = 'postgres://app:pw@127.0.0.1:5432/farmstall';
    const env = { DATABASE_URL: pooler, DATABASE_DIRECT_URL: direct, DATABASE_POOL_MODE: 'transaction' };
    expect(loadConfig(env)).toMatchObject({ databasePoolMode: 'transaction', databaseDirectUrl: direct });
  });

  it('asks for ADMIN_PASSWORD when ADMIN_EMAIL is set without it', () => {
    expect(configError({ ADMIN_EMAIL: 'owner@example.com' })).toBe(
      'Invalid configuration: ADMIN_PASSWORD="": is required when ADMIN_EMAIL is set',
    );
    expect(configError({ ADMIN_EMAIL: 'not-an-address', ADMIN_PASSWORD: 'x' })).toBe(
      'Invalid configuration: ADMIN_EMAIL="not-an-address": must be an e-mail address',
    );
  });

  it('sends notification e-mails over SMTP_URL from MAIL_FROM, or writes them as files without SMTP_URL', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Farmstall <hello@farmstall.example>' });
    const smtp = { SMTP_URL: 'smtps://farm:secret@smtp.example.com:465', MAIL_FROM: 'Farm <farm@example.com>' };
    expect(loadConfig(smtp).mail).toEqual({ smtpUrl: smtp.SMTP_URL, from: smtp.MAIL_FROM });
    expect(configError({ SMTP_URL: 'https://smtp.example.com' })).toBe(
      'Invalid configuration: SMTP_URL="https://smtp.example.com": must be a URL such as smtp://user:password@smtp.example.com:587',
    );
  });

  it('names every wrong setting at once, still on one line', () => {
    const message = configError({ PORT: 'abc', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('PORT="abc"');
    expect(message).toContain('SEED_DEMO="maybe"');
    expect(message).toContain('LOG_LEVEL="loud"');
  });
});
