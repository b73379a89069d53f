import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../shared/site-config.js';

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * and .env.example mirror this schema; keep the three in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the site, e.g. https://buy.example.com. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string. Unset: the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Where the embedded database and locally stored images live. */
  DATA_DIR: z.string().min(1).default('./data'),
  BUSINESS_NAME: z.string().min(1).default(DEFAULT_SITE_CONFIG.businessName),
  STORE_BRAND: z.string().min(1).default(DEFAULT_SITE_CONFIG.storeBrand),
  CONTACT_EMAIL: z.email().default(DEFAULT_SITE_CONFIG.contactEmail),
  SHIP_TO_COMPANY: z.string().min(1).default(DEFAULT_SITE_CONFIG.shipTo.company),
  SHIP_TO_STREET: z.string().min(1).default(DEFAULT_SITE_CONFIG.shipTo.street),
  SHIP_TO_UNIT: z.string().default(DEFAULT_SITE_CONFIG.shipTo.unit),
  SHIP_TO_CITY: z.string().min(1).default(DEFAULT_SITE_CONFIG.shipTo.city),
  SHIP_TO_STATE: z.string().min(1).default(DEFAULT_SITE_CONFIG.shipTo.state),
  SHIP_TO_ZIP: z.string().min(1).default(DEFAULT_SITE_CONFIG.shipTo.zip),
  COPYRIGHT_YEAR: z.coerce.number().int().min(2000).max(2100).default(DEFAULT_SITE_CONFIG.copyrightYear),
  /** Where uploaded photos live: a folder under DATA_DIR (local) or an S3-compatible bucket (s3). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For S3-compatible services (MinIO, R2, ...); unset means AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** Unset: the AWS SDK's default credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /**
   * Which proxies in front of the server may set X-Forwarded-For/-Proto/-Host. Unset or 'false': none
   * (the socket's address is the client's). A hop count (1-10), or a comma list of proxy addresses
   * and CIDRs (10.0.0.0/8, ::1) or proxy-addr names (loopback, linklocal, uniquelocal).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Submissions one account may create per minute and per hour (counted in the database). */
  SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(5),
  SUBMISSIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Photos one uploader (account or guest cookie) may upload per hour. */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(300),
  /** Label-reader worker threads (each holds ~0.4 GB of OCR models). Unset: one per core, at most 4. */
  LABEL_READER_POOL_SIZE: z.coerce.number().int().min(1).max(32).optional(),
  /** Photos allowed to wait for a reader before uploads get 503. Unset: the reader's default (40). */
  LABEL_READER_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Longest one label read may take before its worker is replaced and the seller types the details. */
  LABEL_READER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Longest a shutdown (SIGTERM/SIGINT) waits for requests in flight before it cuts them off. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** Unset: no /internal/metrics. Set (at least 24 characters): the route answers callers that send it as a bearer token. */
  METRICS_TOKEN: z.string().min(24).optional(),
  /** External OpenID Connect issuer (Auth0, Keycloak, ...). Unset: the built-in provider at PUBLIC_URL/oidc. */
  OIDC_ISSUER: z.url().optional(),
  /** Client id at the issuer (required with OIDC_ISSUER; the built-in provider's client is 'buylist-web'). */
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  /** Client secret; omit for a public client (PKCE only). Never sent to the browser. */
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** API audience for bearer access tokens (Auth0 needs it). Built-in default: PUBLIC_URL/api. */
  OIDC_AUDIENCE: z.string().min(1).optional(),
  /** When set, ID tokens must carry this organisation id (org_...) or name (Auth0 Organizations). */
  OIDC_ORGANIZATION: z.string().min(1).optional(),
  /** Comma-separated emails that become admins when they sign in with a verified (or built-in) account. */
  ADMIN_EMAILS: z.string().default(''),
  /** How long a sign-in session lasts without activity limits (absolute lifetime), in days. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** SMTP server for outgoing mail (smtp://user:pass@host:587, smtps://... for implicit TLS). Unset: mail stays in the outbox, readable at /admin/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From of every mail. Unset: BUSINESS_NAME <CONTACT_EMAIL>. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Comma-separated addresses that get staff mail. Unset: every admin account. */
  NOTIFY_STAFF_EMAILS: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

/** Which proxies are trusted: none (false), the nearest N hops, or these addresses/CIDRs (Fastify's trustProxy). */
export type TrustProxy = false | number | { addresses: string[] };

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IP address, a CIDR (address/prefix) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: 'false' (or 'off', '0') trusts nothing, a number trusts that many hops, a comma
 * list trusts those addresses. 'true' is refused: trusting every hop lets any client spoof its address.
 * Returns the setting, or a message saying what is wrong.
 */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'off' || value === '0') return false;
  if (value === 'true') {
    return "'true' would trust any client's X-Forwarded-For; give the number of proxies (e.g. 1) or their addresses";
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'a hop count must be from 1 to 10';
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    return `expected false, a hop count (1-10) or a comma list of proxy addresses/CIDRs; not understood: ${bad.join(', ') || raw}`;
  }
  return { addresses: entries };
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** Proxies whose X-Forwarded-* headers are believed (false: none; request.ip is the socket's address). */
  trustProxy: TrustProxy;
  database: { url: string | undefined; poolSize: number };
  dataDir: string;
  site: SiteConfig;
  /** Photo storage (see server/modules/images/storage). */
  storage: StorageConfig;
  uploads: { perHour: number };
  /** Submission creation bounds per account. */
  submissions: { perMinute: number; perHour: number };
  /** Label reader pool; undefined fields take the reader's own defaults. */
  labelReader: { poolSize: number | undefined; queueLimit: number | undefined; timeoutMs: number };
  auth: AuthConfig;
  mail: MailConfig;
  /** How long a shutdown lets requests in flight finish. */
  shutdownTimeoutMs: number;
  /** Bearer token of /internal/metrics; undefined: the route does not exist. */
  metricsToken: string | undefined;
}

/** Outgoing mail (server/modules/notifications). */
export interface MailConfig {
  /** Undefined: nothing is sent; mail waits in the outbox and staff read it at /admin/outbox. */
  smtpUrl: string | undefined;
  /** The From header, e.g. "Amped Comics <support@ampedcomics.com>". */
  from: string;
  /** Lower-cased; empty means "every admin account". */
  staffEmails: string[];
}

/** Sign-in settings: which issuer the server (the OIDC client) trusts and how sessions behave. */
export interface AuthConfig {
  /** True when no OIDC_ISSUER is set and the app mounts its own provider under /oidc. */
  builtInProvider: boolean;
  /** The issuer identifier the app discovers and whose tokens it accepts. */
  issuer: string;
  /**
   * The issuer as stored with each user (users.oidc_issuer). The built-in provider's issuer URL
   * follows PUBLIC_URL, so its users are stored under a fixed name that survives a move of the site.
   */
  identityIssuer: string;
  clientId: string;
  /** Undefined for public clients and for the built-in provider (whose secret lives in the database). */
  clientSecret: string | undefined;
  /** Audience of API access tokens; undefined when an external issuer has none. */
  audience: string | undefined;
  organization: string | undefined;
  /** Lower-cased. */
  adminEmails: string[];
  sessionMaxAgeSeconds: number;
  /** Secure cookies: decided by PUBLIC_URL's scheme, not NODE_ENV (people run `npm start` on http://localhost). */
  secureCookies: boolean;
}

/** users.oidc_issuer of accounts from the built-in provider. */
export const BUILT_IN_IDENTITY_ISSUER = 'built-in';

/** Loopback hosts may use plain http even in production (a person trying the app on their own machine). */
function isLoopbackUrl(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Builds the sign-in settings and refuses combinations that would be unsafe. */
function authConfigFrom(env: Env, publicUrl: string): AuthConfig {
  const problems: string[] = [];
  const isProduction = env.NODE_ENV === 'production';
  const site = new URL(publicUrl);
  if (isProduction && site.protocol !== 'https:' && !isLoopbackUrl(site)) {
    problems.push('  PUBLIC_URL: must be https in production (plain http is allowed only for localhost)');
  }
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID)
    problems.push('  OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  if (env.OIDC_ISSUER && isProduction) {
    const issuer = new URL(env.OIDC_ISSUER);
    if (issuer.protocol !== 'https:' && !isLoopbackUrl(issuer)) {
      problems.push('  OIDC_ISSUER: must be https in production');
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const builtInProvider = !env.OIDC_ISSUER;
  const issuer = (env.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/+$/, '');
  return {
    builtInProvider,
    issuer,
    identityIssuer: builtInProvider ? BUILT_IN_IDENTITY_ISSUER : issuer,
    clientId: env.OIDC_CLIENT_ID ?? 'buylist-web',
    clientSecret: builtInProvider ? undefined : env.OIDC_CLIENT_SECRET,
    audience: env.OIDC_AUDIENCE ?? (builtInProvider ? `${publicUrl}/api` : undefined),
    organization: env.OIDC_ORGANIZATION,
    adminEmails: env.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
    sessionMaxAgeSeconds: env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60,
    secureCookies: site.protocol === 'https:',
  };
}

/** Photo storage: a local folder, or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

/** Builds the photo storage settings; an S3 driver without a bucket is refused at start-up. */
function storageConfigFrom(env: Env): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') {
    return { driver: 'local', directory: path.join(path.resolve(env.DATA_DIR), 'images') };
  }
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    driver: 's3',
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** Builds the mail settings; a bad NOTIFY_STAFF_EMAILS entry is refused at start-up. */
function mailConfigFrom(env: Env): MailConfig {
  const staffEmails = env.NOTIFY_STAFF_EMAILS.split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);
  const bad = staffEmails.filter((email) => !z.email().safeParse(email).success);
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  NOTIFY_STAFF_EMAILS: not an email address: ${bad.join(', ')}`,
    );
  }
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `"${env.BUSINESS_NAME.replaceAll('"', '')}" <${env.CONTACT_EMAIL}>`,
    staffEmails,
  };
}

/** Thrown when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates configuration from an environment (process.env by default). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings in .env files mean "not set", not "set to nothing".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    database: { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE },
    dataDir: path.resolve(env.DATA_DIR),
    storage: storageConfigFrom(env),
    uploads: { perHour: env.UPLOADS_PER_HOUR },
    submissions: { perMinute: env.SUBMISSIONS_PER_MINUTE, perHour: env.SUBMISSIONS_PER_HOUR },
    labelReader: {
      poolSize: env.LABEL_READER_POOL_SIZE,
      queueLimit: env.LABEL_READER_QUEUE_LIMIT,
      timeoutMs: env.LABEL_READER_TIMEOUT_SECONDS * 1000,
    },
    site: {
      businessName: env.BUSINESS_NAME,
      storeBrand: env.STORE_BRAND,
      contactEmail: env.CONTACT_EMAIL,
      shipTo: {
        company: env.SHIP_TO_COMPANY,
        street: env.SHIP_TO_STREET,
        unit: env.SHIP_TO_UNIT,
        city: env.SHIP_TO_CITY,
        state: env.SHIP_TO_STATE,
        zip: env.SHIP_TO_ZIP,
      },
      copyrightYear: env.COPYRIGHT_YEAR,
    },
    auth: authConfigFrom(env, publicUrl),
    mail: mailConfigFrom(env),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metricsToken: env.METRICS_TOKEN,
  };
}
