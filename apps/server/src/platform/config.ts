import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage.js';

/** Wavoip's addresses (voice calls) when WAVOIP_URL and WAVOIP_STORAGE_URL are not set. */
export const WAVOIP_DEFAULTS = { url: 'https://devices.wavoip.com', storageUrl: 'https://storage.wavoip.com' };

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEB_DIST: z.string().optional(),
  SUPPORT_EMAILS: z.string().default(''),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW: z.coerce.number().int().min(1).default(900),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  GRAPH_API_URL: z.string().default('https://graph.facebook.com/v21.0'),
  TELEGRAM_API_ROOT: z.string().default('https://api.telegram.org'),
  MERCADOPAGO_API_URL: z.string().default('https://api.mercadopago.com'),
  STRIPE_API_URL: z.string().default('https://api.stripe.com'),
  ASAAS_API_URL: z.string().default('https://api.asaas.com'),
  EFI_API_URL: z.string().default('https://pix.api.efipay.com.br'),
  OWEN_API_URL: z.string().default('https://api.apipix.me/v1'),
  /** A PEM file of extra CAs for EFI_API_URL's server (the EFI stand-in's own CA); unset in production. */
  EFI_API_CA: z.string().optional(),
  /** Wavoip's device socket (voice calls); the browser connects to it, the server hands it out. */
  WAVOIP_URL: z.string().default(WAVOIP_DEFAULTS.url),
  /** The only origin call recordings are fetched from (SSRF guard of GET /callLogs/:id/recording). */
  WAVOIP_STORAGE_URL: z.string().default(WAVOIP_DEFAULTS.storageUrl),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  S3_PREFIX: z.string().default(''),
  NODE_ENV: z.string().default('production'),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  METRICS_TOKEN: z.string().optional(),
  METRICS_LISTEN: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  demo: boolean;
  jwtSecret: Uint8Array;
  /** False when the secret was generated here: on PostgreSQL it is then shared through the database. */
  jwtSecretGiven: boolean;
  /** Secret the keys kept at rest (integration API keys) are encrypted under (platform/security/secret-box.ts). */
  encryptionSecret: string;
  /** False when generated here: on PostgreSQL it is then shared through the database, as the JWT secret. */
  encryptionSecretGiven: boolean;
  publicUrl?: string;
  webDist: string;
  supportEmails: string[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  loginMaxFailures: number;
  loginFailureWindow: number;
  smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
  logLevel: string;
  /** Redis channel prefix of the socket fan-out: instances of one deployment share it. */
  realtimeKey: string;
  secureCookies: boolean;
  /** Read the client address from X-Forwarded-For: only behind a proxy that sets it, or it can be forged. */
  trustProxy: boolean;
  /** Provider API roots: the real ones by default; tests and the sandbox point them at stand-ins. */
  providers: {
    graphApiUrl: string;
    telegramApiRoot: string;
    /** Payment gateways' API roots (modules/billing/gateways): unset means the real ones. */
    mercadoPagoApiUrl?: string;
    stripeApiUrl?: string;
    asaasApiUrl?: string;
    efiApiUrl?: string;
    /** PEM of the CA that signed EFI_API_URL's server certificate, when it is not a public one (a stand-in). */
    efiApiCa?: string;
    owenApiUrl?: string;
    /** Wavoip (voice calls): unset means the real ones (WAVOIP_DEFAULTS). */
    wavoipUrl?: string;
    wavoipStorageUrl?: string;
  };
  /**
   * Outbound channel webhooks may target loopback and private addresses (SSRF guard off): for
   * tests and a developer's machine only; production refuses them.
   */
  webhookAllowPrivate: boolean;
  /** Media in an S3-compatible bucket instead of DATA_DIR/media, when S3_BUCKET is set. */
  s3?: S3Settings;
  /** `/metrics` on the app's port, for a request bearing this token (platform/metrics). */
  metricsToken?: string;
  /** `/metrics` on its own listener (`host:port`), without a token; with neither, no metrics. */
  metricsListen?: string;
}

/**
 * Reads the environment. Token secrets not given are generated once and kept in DATA_DIR, so
 * sessions survive a restart without any configuration.
 */
/**
 * The Redis channel prefix of the socket fan-out: instances on one database share their events;
 * two deployments on one Redis (staging and production, two companies' installs, test servers side
 * by side) must not, or one's events (rooms named by tenant id) reach the other's browsers. So the
 * prefix names the database (host, port and name, not the credentials), or the data folder.
 */
export function realtimeKeyOf(databaseUrl: string | undefined, dataDir: string): string {
  let where = dataDir;
  if (databaseUrl) {
    try {
      const u = new URL(databaseUrl);
      where = `${u.hostname}:${u.port || '5432'}${u.pathname}`;
    } catch {
      where = databaseUrl;
    }
  }
  return `prosa.socket.io.${createHash('sha256').update(where).digest('hex').slice(0, 16)}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = ZEnv.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const secret = e.JWT_SECRET ?? keptSecret(dataDir, 'jwt-secret');
  const webDist = e.WEB_DIST
    ? path.resolve(e.WEB_DIST)
    : path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    adminEmail: e.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    demo: e.DEMO === '1' || e.DEMO === 'true',
    jwtSecret: new TextEncoder().encode(secret),
    jwtSecretGiven: Boolean(e.JWT_SECRET),
    encryptionSecret: e.ENCRYPTION_SECRET ?? keptSecret(dataDir, 'encryption-secret'),
    encryptionSecretGiven: Boolean(e.ENCRYPTION_SECRET),
    publicUrl: e.PUBLIC_URL,
    webDist,
    supportEmails: e.SUPPORT_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginFailureWindow: e.LOGIN_FAILURE_WINDOW,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? 587,
          secure: e.SMTP_SECURE === 'true',
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SMTP_FROM ?? 'Prosa <no-reply@prosa.local>',
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    realtimeKey: realtimeKeyOf(e.DATABASE_URL, dataDir),
    secureCookies: (e.PUBLIC_URL ?? '').startsWith('https://'),
    trustProxy: e.TRUST_PROXY === 'true',
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT || undefined,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          prefix: e.S3_PREFIX,
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsListen: e.METRICS_LISTEN || undefined,
    providers: {
      graphApiUrl: e.GRAPH_API_URL.replace(/\/+$/, ''),
      telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
      mercadoPagoApiUrl: e.MERCADOPAGO_API_URL.replace(/\/+$/, ''),
      stripeApiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
      asaasApiUrl: e.ASAAS_API_URL.replace(/\/+$/, ''),
      efiApiUrl: e.EFI_API_URL.replace(/\/+$/, ''),
      owenApiUrl: e.OWEN_API_URL.replace(/\/+$/, ''),
      wavoipUrl: e.WAVOIP_URL.replace(/\/+$/, ''),
      wavoipStorageUrl: e.WAVOIP_STORAGE_URL.replace(/\/+$/, ''),
      ...(e.EFI_API_CA ? { efiApiCa: readFileSync(e.EFI_API_CA, 'utf8') } : {}),
    },
    ...overrides,
  };
}

function keptSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}
