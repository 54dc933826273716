import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ContactDetails } from '#contract/contact.ts';
import { isTimeZone } from '#contract/time-zone.ts';

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number within bounds, read from its text ("abc", "3.5" or "70000" for a port get one clear message). */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) => {
  const range =
    max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: `must be ${range}` })
    .int({ error: `must be ${range}` })
    .min(min, { error: `must be ${range}` })
    .max(max, { error: `must be ${range}` });
};

/** proxy-addr's names for address ranges, usable in TRUST_PROXY. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8 or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: off (the socket's address counts), a hop
 * count, or the proxies' addresses. "true" (trust anyone) is refused: any client could then pick its address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', 'off', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        "must be false, a number of proxy hops (1 for one proxy) or the proxies' addresses, such as 10.0.0.1,10.0.0.0/8 or loopback (true would let any client choose its address)",
    });
    return z.NEVER;
  });

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Farmstall's public contact details unless CONTACT_* say otherwise (one place, one country). */
const DEFAULT_CONTACT: ContactDetails = {
  address: '1420 SE Stark Street, Portland, OR 97214, United States',
  phone: '+1 503-555-0142',
  email: 'hello@farmstall.example',
  hours: '9:00 - 18:00, Mon - Sat (Pacific Time)',
};

/** Every setting the server reads, with a safe default. Nothing else reads process.env. */
const envSchema = z
  .object({
    PORT: wholeNumber(0, 65535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    WEB_DIR: z.string().trim().min(1).default(DEFAULT_WEB_DIR),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_DIRECT_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_MODE: z
      .enum(['session', 'transaction'], { error: 'must be session or transaction' })
      .default('session'),
    READ_DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    READ_REPLICA_MAX_LAG_MS: wholeNumber(0).default(5_000),
    CATALOG_CACHE_MS: wholeNumber(0).default(1_000),
    PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be a URL such as https://shop.example.com' }).optional()),
    SEED_DEMO: optionalString.pipe(booleanish.optional()),
    TEST_CLOCK_HEADER: optionalString.pipe(booleanish.optional()),
    NODE_ENV: optionalString,
    ALLOW_SANDBOX_PAYMENTS: optionalString.pipe(booleanish.optional()),
    ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
    ADMIN_PASSWORD: optionalString,
    GOOGLE_ISSUER: optionalString.pipe(
      z.url({ error: 'must be a URL such as https://accounts.google.com' }).optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    READY_JOB_HEARTBEAT_SECONDS: wholeNumber(1, 3600).default(60),
    BUSINESS_TIME_ZONE: optionalString.pipe(
      z.string().refine(isTimeZone, 'must be a time zone name such as America/Los_Angeles').optional(),
    ),
    RATE_LIMIT_WRITES_PER_MINUTE: wholeNumber(1).default(60),
    RATE_LIMIT_UPLOADS_PER_HOUR: wholeNumber(1).default(60),
    TRUST_PROXY: trustProxy.default(false),
    UPLOAD_MAX_BYTES: wholeNumber(1).default(5 * 1024 * 1024),
    WORKER_THREADS: wholeNumber(1).optional(),
    EXPORTS_PER_USER: wholeNumber(1).default(2),
    EXPORTS_MAX: wholeNumber(1).default(8),
    UPLOADS_PER_USER: wholeNumber(1).default(2),
    UPLOADS_MAX: wholeNumber(1).default(6),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url({ error: 'must be a URL' }).optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be a URL' }).optional()),
    S3_FORCE_PATH_STYLE: optionalString.pipe(booleanish.optional()),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' }).default('sandbox'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalString.pipe(z.url({ error: 'must be a URL such as http://127.0.0.1:12111' }).optional()),
    CONTACT_ADDRESS: z.string().trim().min(1).default(DEFAULT_CONTACT.address),
    CONTACT_PHONE: z.string().trim().min(1).default(DEFAULT_CONTACT.phone),
    CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(DEFAULT_CONTACT.email),
    CONTACT_HOURS: z.string().trim().min(1).default(DEFAULT_CONTACT.hours),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/]/, 'must be a URL such as smtp://user:password@smtp.example.com:587')
        .optional(),
    ),
    MAIL_FROM: optionalString,
    BACKUP_DIR: optionalString,
    BACKUP_PASSPHRASE: optionalString.pipe(z.string().min(20, 'must be at least 20 characters').optional()),
    BACKUP_RETENTION_FULL: wholeNumber(1, 1000).default(4),
    WAL_ARCHIVE: z.enum(['auto', 'on', 'off'], { error: 'must be auto, on or off' }).default('auto'),
    WAL_ARCHIVE_TIMEOUT: wholeNumber(1, 3600).default(60),
    RETENTION_ABANDONED_PAYMENTS_DAYS: wholeNumber(1).default(30),
    RETENTION_SESSIONS_DAYS: wholeNumber(1).default(30),
    RETENTION_FAILED_NOTIFICATIONS_DAYS: wholeNumber(1).default(30),
    RETENTION_MAIL_FILES_DAYS: wholeNumber(1).default(30),
    RETENTION_BELL_PER_USER: wholeNumber(1).default(200),
    RETENTION_CART_ADD_REQUESTS_DAYS: wholeNumber(1).default(7),
    SUBSCRIPTION_ORDER_LEAD_DAYS: wholeNumber(0, 28).default(3),
    SUBSCRIPTION_CHARGE_RETRIES: wholeNumber(1, 10).default(3),
  })
  .superRefine((env, ctx) => {
    for (const key of ['DATABASE_DIRECT_URL', 'READ_DATABASE_URL'] as const) {
      if (env[key] && !env.DATABASE_URL)
        ctx.addIssue({ code: 'custom', path: [key], message: 'needs DATABASE_URL (the primary) as well' });
    }
    if (env.DATABASE_POOL_MODE === 'transaction' && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_POOL_MODE'],
        message: 'transaction needs DATABASE_URL (the pooler)',
      });
    else if (env.DATABASE_POOL_MODE === 'transaction' && !env.DATABASE_DIRECT_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_POOL_MODE'],
        message:
          'transaction needs DATABASE_DIRECT_URL as well (the primary itself: migrations, LISTEN and the job queue need a session)',
      });
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required when ADMIN_EMAIL is set' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together',
      });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set',
      });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
      }
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** The built React app served by the server. */
  webDir: string;
  databaseUrl: string | undefined;
  /**
   * A direct connection to the primary (not through a transaction-mode pooler), for what needs a session:
   * migrations under an advisory lock, LISTEN, the job queue. Defaults to databaseUrl.
   */
  databaseDirectUrl: string | undefined;
  /** 'transaction' behind pgbouncer's pool_mode=transaction: no named prepared statements, no session state. */
  databasePoolMode: 'session' | 'transaction';
  /** A streaming replica for catalog and search reads; undefined: every read goes to the primary. */
  readDatabaseUrl: string | undefined;
  /** Catalog reads leave the replica for the primary while it lags more than this. */
  readReplicaMaxLagMs: number;
  /** How long a public catalog read is kept in each process's micro-cache; 0 sends every read to the database. */
  catalogCacheMs: number;
  publicUrl: string;
  /** undefined: seed when the database is empty. */
  seedDemo: boolean | undefined;
  /**
   * Browser journeys only: a request may carry `x-test-clock` (an ISO time) to be served as if it were then
   * (ordering cutoffs, horizons, payment times), so a journey moves its own clock without moving anyone else's.
   */
  testClockHeader: boolean;
  /** NODE_ENV=production: the start refuses unsafe settings (production-checks.ts). */
  production: boolean;
  /** In production, the sandbox card processor only with ALLOW_SANDBOX_PAYMENTS=true (a staging store). */
  allowSandboxPayments: boolean;
  admin: { email: string; password: string } | undefined;
  logLevel: string;
  /** GET /metrics answers only with `Authorization: Bearer <this>`; unset, /metrics answers 404. */
  metricsToken: string | undefined;
  /** /api/health/ready fails once this process's job worker has not fetched its queues for longer (seconds). */
  readyJobHeartbeatSeconds: number;
  /** Google sign-in (OpenID Connect); undefined when not set up. */
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Set to share one signing key between several servers; generated into DATA_DIR otherwise. */
  jwtSecret: string | undefined;
  /** The zone of the business day ("today" for expiry, deals and charts); default the server's. */
  businessTimeZone: string;
  rateLimitWritesPerMinute: number;
  /** Pictures one user may upload per hour. */
  rateLimitUploadsPerHour: number;
  /** Fastify's trustProxy: false (the socket's address is the client's), a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  uploadMaxBytes: number;
  /** Threads of the pool that renders PDFs and CSVs off the request path; default the cores less one (at least 1). */
  workerThreads: number;
  /** Files (PDF, CSV) one user may have in the making at once, and all users together; past them 429 / 503. */
  exportsPerUser: number;
  exportsMax: number;
  /** Pictures one user may have in the making at once, and all users together; past them 429 / 503. */
  uploadsPerUser: number;
  uploadsMax: number;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Card payments: the built-in sandbox (default) or Stripe; apiBase points the SDK at a stand-in in tests. */
  payments:
    | { provider: 'sandbox' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        apiBase: string | undefined;
      };
  /** The public contact details: footer, contact page, About and the invoice header (GET /api/contact/details). */
  contact: ContactDetails;
  /** Notification e-mails: sent over SMTP, or written as .eml files under DATA_DIR/mail when smtpUrl is unset. */
  mail: { smtpUrl: string | undefined; from: string };
  /** Backups of the embedded store with pgBackRest (src/server/db/backup, README "Back up and restore"). */
  backup: {
    /** The repository and the pictures' copy: BACKUP_DIR, default DATA_DIR/backups (put it on another disk). */
    dir: string;
    /** Encrypts the repository (aes-256-cbc) when set; it cannot be changed once the repository exists. */
    passphrase: string | undefined;
    /** Full backups kept (with their differential and incremental ones and the WAL to replay them). */
    retentionFull: number;
    /** WAL archived continuously: auto (when pgbackrest is installed), on (refuse to start without it) or off. */
    walArchive: 'auto' | 'on' | 'off';
    /** A quiet store's WAL is archived at least this often, in seconds: the most a lost disk can cost. */
    archiveTimeoutSeconds: number;
  };
  /** What the daily retention job deletes (jobs/retention.ts): ages in days, the bell's rows kept per user. */
  retention: {
    /** Payment intents never paid and cancelled (abandoned checkouts), with nothing referring to them. */
    abandonedPaymentDays: number;
    /** Ended sessions and refresh tokens expired this long ago. */
    sessionDays: number;
    /** Outbox rows left failed (their count is logged when they go). */
    failedNotificationDays: number;
    /** E-mail files written to DATA_DIR/mail when no SMTP server is set. */
    mailFileDays: number;
    /** The newest bell notifications kept per user; older ones are deleted. */
    bellPerUser: number;
    /** Add-to-cart request ids (kept so that a retried click adds nothing more). */
    cartAddRequestDays: number;
  };
  /** The subscriptions' delivery job (decision 068). */
  subscriptions: {
    /** Days before a window's cutoff each delivery's order is made. */
    orderLeadDays: number;
    /** Failed charges of a delivery (tried again after 1 h, 6 h, then 24 h) before it is abandoned. */
    chargeRetries: number;
  };
};

/**
 * Fastify's trustProxy for the setting. Fastify treats a bare hop count as "trust nothing" (it cannot check the
 * peer), so a count becomes a function trusting that many hops nearest the socket, whoever they are: right only
 * when clients cannot reach the server except through those proxies.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export class ConfigError extends Error {}

/** Parses the environment once. Throws ConfigError with one line per wrong setting. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // A setting given as an empty value (PORT= in a .env file) means "use the default".
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      return `${key}=${JSON.stringify(source[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    webDir: path.resolve(env.WEB_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    databasePoolMode: env.DATABASE_POOL_MODE,
    readDatabaseUrl: env.READ_DATABASE_URL,
    readReplicaMaxLagMs: env.READ_REPLICA_MAX_LAG_MS,
    catalogCacheMs: env.CATALOG_CACHE_MS,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    seedDemo: env.SEED_DEMO,
    testClockHeader: env.TEST_CLOCK_HEADER ?? false,
    production: env.NODE_ENV === 'production',
    allowSandboxPayments: env.ALLOW_SANDBOX_PAYMENTS ?? false,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    readyJobHeartbeatSeconds: env.READY_JOB_HEARTBEAT_SECONDS,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            issuer: env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
          }
        : undefined,
    jwtSecret: env.JWT_SECRET,
    businessTimeZone: env.BUSINESS_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    rateLimitWritesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
    rateLimitUploadsPerHour: env.RATE_LIMIT_UPLOADS_PER_HOUR,
    trustProxy: env.TRUST_PROXY,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    workerThreads: env.WORKER_THREADS ?? Math.max(1, availableParallelism() - 1),
    exportsPerUser: env.EXPORTS_PER_USER,
    exportsMax: env.EXPORTS_MAX,
    uploadsPerUser: env.UPLOADS_PER_USER,
    uploadsMax: env.UPLOADS_MAX,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            publicUrl: env.S3_PUBLIC_URL,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          }
        : undefined,
    payments:
      env.PAYMENT_PROVIDER === 'stripe' &&
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_PUBLISHABLE_KEY &&
      env.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
          }
        : { provider: 'sandbox' },
    contact: {
      address: env.CONTACT_ADDRESS,
      phone: env.CONTACT_PHONE,
      email: env.CONTACT_EMAIL,
      hours: env.CONTACT_HOURS,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `Farmstall <${env.CONTACT_EMAIL}>` },
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
      passphrase: env.BACKUP_PASSPHRASE,
      retentionFull: env.BACKUP_RETENTION_FULL,
      walArchive: env.WAL_ARCHIVE,
      archiveTimeoutSeconds: env.WAL_ARCHIVE_TIMEOUT,
    },
    retention: {
      abandonedPaymentDays: env.RETENTION_ABANDONED_PAYMENTS_DAYS,
      sessionDays: env.RETENTION_SESSIONS_DAYS,
      failedNotificationDays: env.RETENTION_FAILED_NOTIFICATIONS_DAYS,
      mailFileDays: env.RETENTION_MAIL_FILES_DAYS,
      bellPerUser: env.RETENTION_BELL_PER_USER,
      cartAddRequestDays: env.RETENTION_CART_ADD_REQUESTS_DAYS,
    },
    subscriptions: {
      orderLeadDays: env.SUBSCRIPTION_ORDER_LEAD_DAYS,
      chargeRetries: env.SUBSCRIPTION_CHARGE_RETRIES,
    },
  };
}
