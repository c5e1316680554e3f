// Environment → typed configuration. Every variable is listed in the README's configuration table.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CLIENT_SHARES, SSE_LIMITS } from '../core/constants';
import { parseAllowHosts, type HostKey } from './fetcher/allow-hosts';
import { readS3Settings, s3EnvShape, type S3Settings } from './storage/s3-settings';
import { parseWitnessingConfig, type WitnessingConfig } from './tlog/witnessing/witness-config';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  SITE_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@veriwork.example'),
  SPONSOR_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Proxy headers (X-Forwarded-For) are trusted only when this names the proxies: 'true' for any,
  // a hop count, or a comma-separated list of addresses/CIDRs. Unset: the socket address is used.
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_DISABLED: bool.default(false),
  RATE_LIMIT_API_PER_HOUR: positiveInt.default(1000),
  RATE_LIMIT_UPLOADS_PER_DAY: positiveInt.default(100),
  RATE_LIMIT_SUBMISSIONS_PER_DAY: positiveInt.default(50),
  RATE_LIMIT_REMOVALS_PER_DAY: positiveInt.default(20),
  RATE_LIMIT_READS_PER_MINUTE: positiveInt.default(600),
  // Open live-update streams (GET /api/events) one client address may hold at once.
  SSE_MAX_PER_IP: positiveInt.default(SSE_LIMITS.defaultMaxPerAddress),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('VeriWork <no-reply@veriwork.example>'),
  // A message the SMTP server refuses is tried again after about this delay, doubled each time
  // (with jitter), this many times: 60 s and 10 tries keep trying for about a day (decision 0058).
  MAIL_RETRY_DELAY_SECONDS: positiveInt.default(60),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).default(10),
  // How often an idle process looks for jobs queued by another process (its own wake it at once).
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  ADMIN_MASTER_KEY: z.string().min(16).optional(),
  ADMIN_SESSION_HOURS: positiveInt.default(12),
  TLOG_SIGNING_KEY: z.string().optional(),
  TLOG_SIGNING_KEY_FILE: z.string().optional(),
  TLOG_ORIGIN: z.string().optional(),
  TLOG_WITNESSES: z.string().optional(),
  TLOG_WITNESS_QUORUM: z.coerce.number().int().min(0).optional(),
  UPLOAD_TTL_HOURS: positiveInt.default(24),
  // Image work runs on worker threads (issue 11): how many, how many jobs may wait, time per job.
  IMAGE_WORKERS: positiveInt.default(Math.min(4, Math.max(2, os.availableParallelism() - 1))),
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).default(16),
  IMAGE_JOB_TIMEOUT_MS: positiveInt.default(20_000),
  // Places in the image queue (running plus waiting) one client address may hold (issue 34).
  IMAGE_QUEUE_PER_CLIENT: positiveInt.default(CLIENT_SHARES.defaultImagePlaces),
  // Niceness of every thread but the one serving HTTP (thread-priority.ts); 0 leaves them equal.
  BACKGROUND_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // Image threads run only when a core is free (SCHED_IDLE, thread-priority.ts).
  IMAGE_THREADS_IDLE: bool.default(true),
  // Connection budgets (issue 11): a client that sends its headers, or its whole request, too
  // slowly is cut off; idle keep-alive and idle sockets are closed.
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  HTTP_IDLE_TIMEOUT_MS: positiveInt.default(60_000),
  // Issue 34: a request body must bring this many bytes a second over every window (0: no watch),
  // and one address may hold this many connections open (0: no cap; see http/connection-cap.ts).
  HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
  HTTP_BODY_PROGRESS_WINDOW_MS: positiveInt.default(10_000),
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(CLIENT_SHARES.defaultConnections),
  // On SIGTERM/SIGINT: how long requests under way may take to finish before the process exits.
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
  // Images in an S3-compatible store when these are set, else in DATA_DIR (storage/s3-settings.ts).
  ...s3EnvShape,
  // Test-only: host:port pairs the link fetcher may reach although they are not public (fetcher/allow-hosts.ts).
  FETCH_ALLOW_HOSTS: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  siteUrl: string;
  supportEmail: string;
  sponsorUrl: string | null;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number | string[];
  rateLimit: {
    disabled: boolean;
    apiPerHour: number;
    uploadsPerDay: number;
    submissionsPerDay: number;
    removalsPerDay: number;
    readsPerMinute: number;
  };
  /** Open live-update streams one client address may hold at once. */
  sseMaxPerIp: number;
  smtpUrl?: string;
  /** Back-off of the mail job (server/mail/mail-queue.ts). */
  mailRetry: { delaySeconds: number; limit: number };
  /** Polling of the job queue's workers (server/jobs/job-queue.ts). */
  jobsPollSeconds: number;
  mailFrom: string;
  adminMasterKey?: string;
  adminSessionHours: number;
  tlogSigningKey?: string;
  /** File holding the log's private key (PKCS#8 PEM); used when tlogSigningKey is unset. */
  tlogSigningKeyFile?: string;
  tlogOrigin: string;
  /** TLOG_ORIGIN was set: a deliberate origin (a new log for a new key), never replaced by the recorded one. */
  tlogOriginExplicit: boolean;
  /** Witnesses asked to cosign checkpoints, and the quorum the published policy requires. */
  tlogWitnessing: WitnessingConfig;
  uploadTtlHours: number;
  /** Image worker threads, jobs that may wait for one, each job's time limit, and one client's places. */
  imageProcessing: { workers: number; queueMax: number; jobTimeoutMs: number; perClient: number };
  /** Niceness (0–19) of the process's threads other than the HTTP thread; 0 leaves them as started. */
  backgroundThreadNice: number;
  imageThreadsIdle: boolean;
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    idleTimeoutMs: number;
    /** A request body must average this many bytes a second over every window of bodyWindowMs; 0: not watched. */
    bodyMinBytesPerSecond: number;
    bodyWindowMs: number;
    /** Connections one address may hold open; 0: no cap. Not applied to TRUST_PROXY's proxies. */
    maxConnectionsPerIp: number;
  };
  /** Grace period for requests under way when the process is told to stop. */
  shutdownGraceMs: number;
  /** The S3-compatible object store, or null to keep images in dataDir. */
  s3: S3Settings | null;
  /** Folder of the built web app. */
  webDist: string;
  /** Test-only exceptions to the link fetcher's public-address rule (FETCH_ALLOW_HOSTS); empty in production. */
  fetchAllowHosts: HostKey[];
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

function fetchAllowHosts(value: string | undefined): HostKey[] {
  try {
    return parseAllowHosts(value);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
}

function witnessingConfig(list: string | undefined, quorum: number | undefined): WitnessingConfig {
  try {
    return parseWitnessingConfig(list, quorum);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3 = readS3Settings(e);
  if ('problem' in s3) throw new ConfigError(`Invalid configuration:\n  ${s3.problem}`);
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    siteUrl,
    supportEmail: e.SUPPORT_EMAIL,
    sponsorUrl: e.SPONSOR_URL ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: {
      disabled: e.RATE_LIMIT_DISABLED,
      apiPerHour: e.RATE_LIMIT_API_PER_HOUR,
      uploadsPerDay: e.RATE_LIMIT_UPLOADS_PER_DAY,
      submissionsPerDay: e.RATE_LIMIT_SUBMISSIONS_PER_DAY,
      removalsPerDay: e.RATE_LIMIT_REMOVALS_PER_DAY,
      readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE,
    },
    sseMaxPerIp: e.SSE_MAX_PER_IP,
    smtpUrl: e.SMTP_URL,
    mailRetry: { delaySeconds: e.MAIL_RETRY_DELAY_SECONDS, limit: e.MAIL_RETRY_LIMIT },
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    mailFrom: e.MAIL_FROM,
    adminMasterKey: e.ADMIN_MASTER_KEY,
    adminSessionHours: e.ADMIN_SESSION_HOURS,
    tlogSigningKey: e.TLOG_SIGNING_KEY,
    tlogSigningKeyFile: e.TLOG_SIGNING_KEY_FILE === undefined ? undefined : path.resolve(e.TLOG_SIGNING_KEY_FILE),
    tlogOrigin: e.TLOG_ORIGIN ?? `${new URL(siteUrl).host}/log`,
    tlogOriginExplicit: e.TLOG_ORIGIN !== undefined,
    tlogWitnessing: witnessingConfig(e.TLOG_WITNESSES, e.TLOG_WITNESS_QUORUM),
    uploadTtlHours: e.UPLOAD_TTL_HOURS,
    imageProcessing: {
      workers: e.IMAGE_WORKERS,
      queueMax: e.IMAGE_QUEUE_MAX,
      jobTimeoutMs: e.IMAGE_JOB_TIMEOUT_MS,
      perClient: e.IMAGE_QUEUE_PER_CLIENT,
    },
    backgroundThreadNice: e.BACKGROUND_THREAD_NICE,
    imageThreadsIdle: e.IMAGE_THREADS_IDLE,
    http: {
      // Node requires the headers' deadline to fall within the whole request's.
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      bodyMinBytesPerSecond: e.HTTP_BODY_MIN_BYTES_PER_SECOND,
      bodyWindowMs: e.HTTP_BODY_PROGRESS_WINDOW_MS,
      maxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    s3: s3.settings,
    webDist: path.resolve('web/dist'),
    fetchAllowHosts: fetchAllowHosts(e.FETCH_ALLOW_HOSTS),
    ...overrides,
  };
}
