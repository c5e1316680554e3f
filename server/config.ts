// Environment → typed configuration. Every variable is listed in the README's configuration table.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CLIENT_SHARES, SSE_LIMITS } from '../core/constants';
import { parseAllowHosts, type HostKey } from './fetcher/allow-hosts';
import { parseTestResolve } from './fetcher/test-resolve';
import { readS3Settings, s3EnvShape, type S3Settings } from './storage/s3-settings';
import { parseWitnessingConfig, type WitnessingConfig } from './witnessing-config';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();

function otlpUrl(name: string) {
  return z
    .string()
    .url(`${name} must be an http(s) URL`)
    .refine((v) => /^https?:$/.test(new URL(v).protocol), `${name} must be an http(s) URL`)
    .optional();
}

/** Traces go to this collector (decision 0070); null: tracing is off and its packages are never loaded. */
export interface TracingConfig {
  /** The full OTLP/HTTP traces URL (…/v1/traces). */
  tracesUrl: string;
  serviceName: string;
}

/** The service name traces carry when OTEL_SERVICE_NAME is unset: the Prometheus job name of deploy/. */
export const DEFAULT_SERVICE_NAME = 'veriwork';

function tracingConfig(e: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_TRACES_EXPORTER?: 'otlp' | 'none';
  OTEL_SERVICE_NAME?: string;
  OTEL_SDK_DISABLED?: boolean;
}): TracingConfig | null {
  if (e.OTEL_SDK_DISABLED || e.OTEL_TRACES_EXPORTER === 'none') return null;
  // As the OTLP exporter specification says: the signal's own URL is used as given, the general
  // one gets the signal's path appended.
  const tracesUrl =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined ? undefined : `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  if (tracesUrl === undefined) return null;
  return { tracesUrl, serviceName: e.OTEL_SERVICE_NAME ?? DEFAULT_SERVICE_NAME };
}

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
  // A webhook delivery the receiver refuses is retried the same way (decision 0069); 0 s: at once.
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(60),
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).default(10),
  // How often an idle process looks for jobs queued by another process (its own wake it at once).
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  // Issue 33: each work's links are fetched in the background and proven when they link back
  // (decision 0061). Off only where no page may be fetched (the test suites' default).
  LINK_CHECKS: bool.default(true),
  // A new trust rubric re-scores every work in the background from start-up, in batches of this many.
  RESCORE_ON_START: bool.default(true),
  RESCORE_BATCH: positiveInt.default(200),
  // A mail job still running after this long counts as failed and is tried again: the way a job
  // taken by a process that died (kill -9) gets back in the queue. Keep it above the SMTP
  // time-outs (20 s, server/mail/mailer.ts), or a slow send may be run twice (decision 0065).
  MAIL_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(5).default(120),
  // How often one of the processes expires timed-out jobs and archives finished ones.
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(120),
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
  // Niceness of every thread but the one serving HTTP, the image threads among them
  // (thread-priority.ts, decisions 0078 and 0081); 0 leaves them equal.
  BACKGROUND_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(15),
  // Registration steps (uploads, submissions, batches) worked on at once while reads saturate the
  // HTTP thread; the others wait their turn (server/http/write-pacer.ts, decision 0082). 0: never paced.
  REGISTRATIONS_AT_ONCE_WHEN_BUSY: z.coerce.number().int().min(0).default(2),
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
  // The operator's metrics (GET /metrics, server/metrics/): served only to this bearer token; unset, off.
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters (a random secret, e.g. openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces (it is sent in an HTTP header)')
    .optional(),
  // Test-only: host:port pairs the link fetcher may reach although they are not public (fetcher/allow-hosts.ts).
  FETCH_ALLOW_HOSTS: z.string().optional(),
  // Test-only: when set, the link fetcher resolves only these names (name=address, ...) and no
  // other name at all, so a browser test's server never asks a DNS server (fetcher/test-resolve.ts).
  FETCH_TEST_RESOLVE: z.string().optional(),
  // Issue 33, decision 0062: domain proofs. The DNS server asked for TXT records (host:port; the
  // system's resolver when unset), and, test-only, the port of a plain-http server that stands in
  // for https://<domain>/ when the proof file is fetched.
  DNS_PROOF_RESOLVER: z
    .string()
    .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, 'DNS_PROOF_RESOLVER must be host or host:port')
    .optional(),
  DOMAIN_PROOF_TEST_HTTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Issue 39, decision 0070: OpenTelemetry traces, the standard variables; no endpoint, no tracing.
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl('OTEL_EXPORTER_OTLP_ENDPOINT'),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none'], { message: 'OTEL_TRACES_EXPORTER must be otlp or none' }).optional(),
  OTEL_SERVICE_NAME: z.string().max(200).optional(),
  OTEL_SDK_DISABLED: bool.optional(),
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
  /** Back-off and time-out of the mail job (server/mail/mail-queue.ts). */
  mailRetry: { delaySeconds: number; limit: number; timeoutSeconds: number };
  /** Back-off of webhook deliveries (server/webhooks/delivery-job.ts). */
  webhookRetry: { delaySeconds: number; limit: number };
  /** Polling of the job queue's workers (server/jobs/job-queue.ts). */
  jobsPollSeconds: number;
  /** Whether works' links are checked (LINK_CHECKS); when off they stay 'not checked' and earn nothing. */
  linkChecks: boolean;
  /** Re-scoring of every work under a new rubric (RESCORE_ON_START, RESCORE_BATCH). */
  rescore: { onStart: boolean; batchSize: number };
  /** How often the job queue's maintenance (expiry of timed-out jobs) runs. */
  jobsMaintenanceSeconds: number;
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
  /** Registration steps worked on at once while reads saturate the HTTP thread (write-pacer.ts); 0: never paced. */
  registrationsAtOnceWhenBusy: number;
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
  /** Bearer token of GET /metrics; undefined: metrics are off (404). */
  metricsToken?: string;
  /** Test-only exceptions to the link fetcher's public-address rule (FETCH_ALLOW_HOSTS); empty in production. */
  fetchAllowHosts: HostKey[];
  /** Test-only (FETCH_TEST_RESOLVE): the only names the fetcher resolves, and their addresses; null in production. */
  fetchTestResolve: Map<string, string> | null;
  /** Domain proofs (decision 0062): the DNS server of TXT look-ups (DNS_PROOF_RESOLVER), null for the system's. */
  dnsProofResolver: string | null;
  /** Test-only (DOMAIN_PROOF_TEST_HTTP_PORT): the proof file is fetched over http on this port; null in production (https). */
  domainProofTestHttpPort: number | null;
  /** OpenTelemetry traces (OTEL_* variables, decision 0070); null: off. */
  tracing: TracingConfig | null;
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

function fetchTestResolve(value: string | undefined): Map<string, string> | null {
  try {
    return parseTestResolve(value);
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
    mailRetry: { delaySeconds: e.MAIL_RETRY_DELAY_SECONDS, limit: e.MAIL_RETRY_LIMIT, timeoutSeconds: e.MAIL_JOB_TIMEOUT_SECONDS },
    webhookRetry: { delaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS, limit: e.WEBHOOK_RETRY_LIMIT },
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    linkChecks: e.LINK_CHECKS,
    rescore: { onStart: e.RESCORE_ON_START, batchSize: e.RESCORE_BATCH },
    jobsMaintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
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
    registrationsAtOnceWhenBusy: e.REGISTRATIONS_AT_ONCE_WHEN_BUSY,
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
    fetchTestResolve: fetchTestResolve(e.FETCH_TEST_RESOLVE),
    dnsProofResolver: e.DNS_PROOF_RESOLVER ?? null,
    domainProofTestHttpPort: e.DOMAIN_PROOF_TEST_HTTP_PORT ?? null,
    metricsToken: e.METRICS_TOKEN,
    tracing: tracingConfig(e),
    ...overrides,
  };
}
