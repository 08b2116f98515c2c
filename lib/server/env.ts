import 'server-only';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseRsaKey } from './adapters/payments/keys';
import { parseTrustProxy } from './http/trust-proxy';
import { PLATFORM_SECRET_VARS, platformEnvShape } from './platforms/env-vars';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const onOff = z.enum(['on', 'off']).transform((v) => v === 'on');
const ms = (max: number) => z.coerce.number().int().min(0).max(max);

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: z.string().optional(),
    PGLITE_DIR: z.string().default('.data/pglite'),
    SITE_NAME: z.string().default('Yoonop Agri-Data'),
    // Brand name on Chinese pages (lib/server/site.ts); unset: 优农数据 while SITE_NAME is the default.
    SITE_NAME_ZH: z.string().optional(),
    // ICP filing number shown in the desktop footer when set.
    ICP_LICENSE: z.string().optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // The public origin. Required in production; elsewhere http://localhost:$PORT.
    SITE_URL: z.string().url().optional(),
    // The demo switch: public SMS codes (outbox), the sandbox gateway and the demo accounts in a production build.
    DEMO_MODE: bool.default(false),
    SMS_ADAPTER: z.enum(['outbox', 'http']).optional(),
    SMS_GATEWAY_URL: z.string().url().optional(),
    SMS_GATEWAY_TOKEN: z.string().optional(),
    // E-mail (alerts, docs/alerts.md): the outbox at /dev/mail, or SMTP (nodemailer) in production.
    MAIL_ADAPTER: z.enum(['outbox', 'smtp']).optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),
    // The alert delivery worker in each server instance: how often it looks for due messages (0: never).
    ALERT_WORKER_MS: ms(3_600_000).default(5000),
    // The publish timer in each server instance: how often it looks for scheduled news that is due (0: never).
    PUBLISH_WORKER_MS: ms(3_600_000).default(5000),
    // Price sources that refresh themselves (docs/console.md): how often each instance looks for a
    // due one (0: never), how long one fetch may take and how big its file may be.
    SOURCE_WORKER_MS: ms(3_600_000).default(10_000),
    SOURCE_FETCH_TIMEOUT_MS: ms(600_000).default(60_000),
    SOURCE_FETCH_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(512 * 1024 * 1024)
      .default(50 * 1024 * 1024),
    // Tests only: lets a source be fetched from this machine's loopback address over http (the
    // test's own file server). Refused in a production server that is not a demo.
    SOURCE_FETCH_TEST_LOOPBACK: bool.default(false),
    FILE_STORAGE: z.enum(['local', 's3']).default('local'),
    FILES_DIR: z.string().default('.data/files'),
    FILES_PUBLIC_PATH: z.string().default('/files/'),
    // FILE_STORAGE=s3: any S3-compatible store (AWS, MinIO, OSS/COS in S3 mode).
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    APP_SECRET: z.string().min(32).optional(),
    SCRYPT_LOG_N: z.coerce.number().int().min(14).max(20).default(17),
    // Password checks (scrypt: ~0.3 s of CPU and 128 MiB each) running at once in this process;
    // PASSWORD_HASH_QUEUE more wait, and beyond that 429 at once. Default: one fewer than the CPU cores (at least one).
    PASSWORD_HASH_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(() => Math.max(1, availableParallelism() - 1)),
    // Password checks that may wait for a slot (a bounded queue: a burst of real logins waits a
    // second, a flood beyond it is refused at once).
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(256).default(4),
    // Login attempts (right or wrong, any phone) one client address may make per 10 minutes.
    LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
    // Which X-Forwarded-For hops to believe (lib/server/http/trust-proxy.ts): false, true, a hop count or a list.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        try {
          return parseTrustProxy(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
          return z.NEVER;
        }
      }),
    PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    // How long a request waits for a database connection (a free one in the pool, or a new one) before failing.
    PG_CONNECT_TIMEOUT_MS: ms(600_000).default(5000),
    // One `[db] …` line per query (lib/server/db/query-log.ts); the page benchmark counts them.
    DB_LOG_QUERIES: bool.default(false),
    // Market indexes (lib/server/services/market/import/index-compute.ts): a fixed base period, a year
    // (`2024`) or months (`2024-01..2024-12`), checked where it is read; and where a refresh spends its time.
    MARKET_INDEX_BASE: z.string().optional(),
    MARKET_TIMING: bool.default(false),
    // Set by Next itself; `phase-production-build` while `next build` runs, which opens no database
    // and signs nothing.
    NEXT_PHASE: z.string().optional(),
    NEXT_DIST_DIR: z.string().min(1).default('.next'),
    // The production server (server/, lib/server/fleet/): its caches, request log,
    // metrics access and shutdown.
    RESPONSE_CACHE: onOff.default(true),
    STATIC_ASSETS: onOff.default(true),
    REQUEST_LOG: onOff.default(true),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_ALLOW: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const list = parseAddressList(v ?? '');
        if (typeof list === 'string') ctx.addIssue({ code: 'custom', message: list });
        return typeof list === 'string' ? [] : list;
      }),
    // Slow clients (docs/reliability.md): a request's headers must arrive within the first, the
    // whole request (body included) within the second, or its connection is closed with 408.
    SERVER_HEADERS_TIMEOUT_MS: ms(600_000).default(10_000),
    SERVER_REQUEST_TIMEOUT_MS: ms(3_600_000).default(60_000),
    SHUTDOWN_DRAIN_MS: ms(600_000).default(1000),
    SHUTDOWN_TIMEOUT_MS: ms(600_000).default(10_000),
    // Calls to the SMS gateway and the payment provider (lib/server/adapters/circuit.ts): the
    // timeout of one call; failures in a row that open the circuit; how long it stays open.
    PROVIDER_TIMEOUT_MS: ms(120_000).default(5000),
    PROVIDER_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    PROVIDER_BREAKER_COOLDOWN_MS: ms(3_600_000).default(30_000),
    // Payments (docs/commerce.md): the built-in sandbox gateway, or Alipay page pay.
    PAYMENT_PROVIDER: z.enum(['sandbox', 'alipay']).optional(),
    ALIPAY_APP_ID: z.string().trim().min(1).optional(),
    ALIPAY_PRIVATE_KEY: z.string().trim().min(1).optional(),
    ALIPAY_PUBLIC_KEY: z.string().trim().min(1).optional(),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    ALIPAY_SELLER_ID: z.string().trim().min(1).optional(),
    // Platform hand-off (docs/accounts.md): one shared secret and base URL per platform (lib/server/platforms/env-vars.ts).
    ...platformEnvShape,
  })
  .transform((e) => {
    // Production fails closed: real texts and real payments unless the demo switch says otherwise.
    const realByDefault = e.NODE_ENV === 'production' && !e.DEMO_MODE;
    return {
      ...e,
      SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      SMS_ADAPTER: e.SMS_ADAPTER ?? (realByDefault ? 'http' : 'outbox'),
      MAIL_ADAPTER: e.MAIL_ADAPTER ?? (realByDefault ? 'smtp' : 'outbox'),
      PAYMENT_PROVIDER: e.PAYMENT_PROVIDER ?? (realByDefault ? 'alipay' : 'sandbox'),
    };
  })
  .superRefine((e, ctx) => {
    // `next build` runs as production but serves nothing: the run-time requirements wait for the start.
    const serving = e.NODE_ENV === 'production' && process.env.NEXT_PHASE !== 'phase-production-build';
    const demoHint = 'or DEMO_MODE=1 for a demo (public SMS codes, no real payments)';
    if (serving && !process.env.SITE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: 'is required in production (the public origin, e.g. https://data.example.com)',
      });
    if (serving && !e.DEMO_MODE && e.SMS_ADAPTER === 'outbox')
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_ADAPTER'],
        message: `outbox makes every SMS code readable at /dev/sms; production needs SMS_ADAPTER=http, ${demoHint}`,
      });
    if (serving && !e.DEMO_MODE && e.PAYMENT_PROVIDER === 'sandbox')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: `sandbox lets anyone "pay" without money; production needs PAYMENT_PROVIDER=alipay, ${demoHint}`,
      });
    const httpAsked = e.SMS_ADAPTER === process.env.SMS_ADAPTER;
    if (e.SMS_ADAPTER === 'http' && (httpAsked || serving)) {
      const why = httpAsked
        ? 'is required when SMS_ADAPTER=http'
        : `is required in production (the SMS gateway that sends the codes), ${demoHint}`;
      if (!e.SMS_GATEWAY_URL) ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_URL'], message: why });
      if (!e.SMS_GATEWAY_TOKEN) ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_TOKEN'], message: why });
    }
    if (serving && !e.DEMO_MODE && e.MAIL_ADAPTER === 'outbox')
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_ADAPTER'],
        message: `outbox makes every alert e-mail readable at /dev/mail; production needs MAIL_ADAPTER=smtp, ${demoHint}`,
      });
    const smtpAsked = e.MAIL_ADAPTER === process.env.MAIL_ADAPTER;
    if (e.MAIL_ADAPTER === 'smtp' && (smtpAsked || serving)) {
      const why = smtpAsked
        ? 'is required when MAIL_ADAPTER=smtp'
        : `is required in production (the SMTP server that sends alert e-mails), ${demoHint}`;
      if (!e.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: why });
      else if (!/^smtps?:\/\//.test(e.SMTP_URL))
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'must be smtp://… or smtps://… (user:password@host:port)',
        });
      if (!e.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: why });
    }
    if (serving && !e.DEMO_MODE && e.SOURCE_FETCH_TEST_LOOPBACK)
      ctx.addIssue({
        code: 'custom',
        path: ['SOURCE_FETCH_TEST_LOOPBACK'],
        message: 'is for tests only: a production server fetches sources from public https addresses only',
      });
    if (e.FILE_STORAGE === 's3') {
      for (const k of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'is required when FILE_STORAGE=s3' });
      }
    }
    if (e.PAYMENT_PROVIDER === 'alipay' && e.NEXT_PHASE !== 'phase-production-build') {
      const why =
        e.PAYMENT_PROVIDER === process.env.PAYMENT_PROVIDER
          ? 'is required when PAYMENT_PROVIDER=alipay'
          : `is required in production (Alipay takes the payments), ${demoHint}`;
      for (const k of ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const) {
        if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: why });
      }
      if (e.ALIPAY_PRIVATE_KEY && !keyParses(e.ALIPAY_PRIVATE_KEY, 'private'))
        ctx.addIssue({
          code: 'custom',
          path: ['ALIPAY_PRIVATE_KEY'],
          message: 'is not an RSA private key (PEM, or base64 PKCS#8/PKCS#1)',
        });
      if (e.ALIPAY_PUBLIC_KEY && !keyParses(e.ALIPAY_PUBLIC_KEY, 'public'))
        ctx.addIssue({
          code: 'custom',
          path: ['ALIPAY_PUBLIC_KEY'],
          message: "is not Alipay's RSA public key (PEM, or base64 SPKI)",
        });
    }
    // Sessions and upload grants are signed with it; a per-machine secret would break
    // them across instances and restarts. `next build` runs as production but signs nothing.
    if (e.NODE_ENV === 'production' && !e.APP_SECRET && e.NEXT_PHASE !== 'phase-production-build') {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'is required in production (at least 32 characters, e.g. `openssl rand -base64 48`)',
      });
    }
    // Outside production each platform gets a dev secret derived from the app secret; in production the
    // platforms hold the other half, so the portal must be told it.
    if (e.NODE_ENV === 'production' && e.NEXT_PHASE !== 'phase-production-build') {
      for (const v of PLATFORM_SECRET_VARS) {
        if (!e[v])
          ctx.addIssue({
            code: 'custom',
            path: [v],
            message: 'is required in production (the secret shared with that platform, at least 32 characters)',
          });
      }
    }
  });

export type AddressRule = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** `10.0.0.5, 10.1.0.0/16, ::1` → rules; a message naming the bad entry otherwise. */
export function parseAddressList(v: string): AddressRule[] | string {
  const rules: AddressRule[] = [];
  for (const entry of v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const version = isIP(address);
    const max = version === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (
      !version ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max ||
      (bits !== undefined && !/^\d+$/.test(bits))
    )
      return `"${entry}" is not an IP address or CIDR range`;
    rules.push({ address, prefix, family: version === 6 ? 'ipv6' : 'ipv4' });
  }
  return rules;
}

function keyParses(key: string, kind: 'private' | 'public') {
  try {
    parseRsaKey(key, kind);
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;
/** Validated environment; a bad value stops start-up with the variable named. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests that change variables between cases. */
export function resetEnvCache() {
  cached = undefined;
}
