import { availableParallelism } from 'node:os';
import path from 'node:path';
import { SERVICE_BASE_PATHS } from '@pult/contract';
import { z } from 'zod';
import type { MetricsConfig } from '../metrics/metrics-http.js';
import type { ImportLimits } from '../resources/import/import-limits.js';
import type { TotalBudget } from '../resources/list-total.js';

/** Credentials of the embedded demo; a PostgreSQL deployment must name its own. */
export const DEMO_ADMIN = { email: 'admin@pult.local', password: 'pult-admin-2026' } as const;

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ACCESS_TOKEN_TTL: seconds(900),
    REFRESH_TOKEN_TTL: seconds(7 * 24 * 3600),
    SESSION_MAX_AGE: seconds(30 * 24 * 3600),
    STEP_UP_SECONDS: seconds(5 * 60),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Pult <no-reply@pult.local>'),
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    EMAIL_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    EMAIL_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    // Unset: 5 s on PostgreSQL (processes behind a balancer), none in the embedded single-process demo.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    COMPANY_NAME: z.string().min(1).default('Pult'),
    PUBLIC_URL: optionalUrl,
    AUTH_SERVICE_URL: optionalUrl,
    STORAGE_SERVICE_URL: optionalUrl,
    CHAT_SERVICE_URL: optionalUrl,
    NOTIFICATION_SERVICE_URL: optionalUrl,
    SECRET_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    // One core stays free for the event loop: a sign-in flood must not starve signed-in requests.
    PASSWORD_HASH_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, availableParallelism() - 1)),
    PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(2_000),
    LIST_COUNT_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
    LIST_COUNT_BUDGET_MS: z.coerce.number().int().min(0).max(10_000).default(30),
    IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 ** 3)
      .default(20 * 1024 * 1024),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    // Unset both: no /metrics at all. The port is a second listener; the token opens the main port's.
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.REFRESH_TOKEN_TTL < env.ACCESS_TOKEN_TTL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REFRESH_TOKEN_TTL'],
        message: 'must not be shorter than ACCESS_TOKEN_TTL',
      });
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      const missing = env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair' });
    }
    if (env.STORAGE_DRIVER === 's3' && env.S3_BUCKET === undefined) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when STORAGE_DRIVER is s3' });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Bootstrap admin created on an empty database; undefined on PostgreSQL without ADMIN_*. */
  bootstrapAdmin: { email: string; password: string } | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  sessionMaxAge: number;
  /** How long a confirmed second factor (or password) lets a sign-in take dangerous actions. */
  stepUpSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The e-mail worker: attempts before `failed`, claim lease, parallel sends, shutdown grace. */
  email: { maxAttempts: number; leaseSeconds: number; concurrency: number; shutdownGraceMs: number };
  /** After SIGTERM, how long `/readyz` answers 503 while requests are still served, before the listener closes. */
  shutdownDrainMs: number;
  companyName: string;
  publicUrl: string;
  serviceUrls: { auth: string; storage: string; chat: string; notification: string };
  secretKey: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | undefined;
  seedDemo: boolean;
  /** Behind a reverse proxy: client addresses (sign-in throttling) come from X-Forwarded-For. */
  trustProxy: boolean;
  /** argon2 hashes computed at once, and how long a request may wait for a turn before a 503. */
  passwordHashing: { concurrency: number; maxWaitMs: number };
  /** Where the storage service keeps file contents. */
  blobStore: BlobStoreConfig;
  /** How far a list's filtered total is counted before it becomes an estimate. */
  listTotals: TotalBudget;
  /** CSV import: rows and bytes one file may hold. */
  imports: ImportLimits;
  /** Where `/metrics` is served, if anywhere. */
  metrics: MetricsConfig;
}

export type BlobStoreConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      /** Unset: AWS itself. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      /** Unset: the SDK's default chain (environment, instance role…). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

/** Validates the environment; the first bad variable is named in one line. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(source[name] ?? '')})`,
    );
  }
  return toAppConfig(parsed.data);
}

function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]));
}

function toAppConfig(env: Env): AppConfig {
  const embedded = env.DATABASE_URL === undefined;
  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://${hostForUrl(env.HOST)}:${env.PORT}`);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    bootstrapAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : embedded
          ? { ...DEMO_ADMIN }
          : undefined,
    accessTokenTtl: env.ACCESS_TOKEN_TTL,
    refreshTokenTtl: env.REFRESH_TOKEN_TTL,
    stepUpSeconds: env.STEP_UP_SECONDS,
    sessionMaxAge: env.SESSION_MAX_AGE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    email: {
      maxAttempts: env.EMAIL_MAX_ATTEMPTS,
      leaseSeconds: env.EMAIL_LEASE_SECONDS,
      concurrency: env.EMAIL_CONCURRENCY,
      shutdownGraceMs: env.EMAIL_SHUTDOWN_GRACE_SECONDS * 1000,
    },
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (embedded ? 0 : 5_000),
    companyName: env.COMPANY_NAME,
    publicUrl,
    serviceUrls: {
      auth: trimSlash(env.AUTH_SERVICE_URL ?? publicUrl + SERVICE_BASE_PATHS.auth),
      storage: trimSlash(env.STORAGE_SERVICE_URL ?? publicUrl + SERVICE_BASE_PATHS.storage),
      chat: trimSlash(env.CHAT_SERVICE_URL ?? publicUrl + SERVICE_BASE_PATHS.chat),
      notification: trimSlash(env.NOTIFICATION_SERVICE_URL ?? publicUrl + SERVICE_BASE_PATHS.notification),
    },
    secretKey: env.SECRET_KEY,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : embedded,
    trustProxy: env.TRUST_PROXY === 'true',
    passwordHashing: {
      concurrency: env.PASSWORD_HASH_CONCURRENCY,
      maxWaitMs: env.PASSWORD_HASH_MAX_WAIT_MS,
    },
    blobStore: blobStoreConfig(env),
    listTotals: { countLimit: env.LIST_COUNT_LIMIT, budgetMs: env.LIST_COUNT_BUDGET_MS },
    imports: { maxRows: env.IMPORT_MAX_ROWS, maxBytes: env.IMPORT_MAX_BYTES },
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN },
  };
}

function blobStoreConfig(env: Env): BlobStoreConfig {
  if (env.STORAGE_DRIVER === 'local' || env.S3_BUCKET === undefined) {
    return { driver: 'local', directory: path.join(path.resolve(env.DATA_DIR), 'blobs') };
  }
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
