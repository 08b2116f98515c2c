// Production fails closed: `npm start` (scripts/start.mjs) refuses to start without a real SMS
// gateway and payment provider unless the demo switch DEMO_MODE=1 says the codes may be public.
import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env, resetEnvCache } from '@/lib/server/env';
import { PLATFORM_SECRET_VARS } from '@/lib/server/platforms/env-vars';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

/** Everything production needs except the SMS gateway, the payment provider and the demo switch. */
const productionBase = (): Record<string, string> => ({
  NODE_ENV: 'production',
  APP_SECRET: 's'.repeat(40),
  SITE_URL: 'https://data.example.com',
  ...Object.fromEntries(PLATFORM_SECRET_VARS.map((v) => [v, `${v}-secret`.padEnd(40, '-')])),
});

function production(extra: Record<string, string> = {}) {
  for (const k of [
    'SMS_ADAPTER',
    'SMS_GATEWAY_URL',
    'SMS_GATEWAY_TOKEN',
    'MAIL_ADAPTER',
    'SMTP_URL',
    'MAIL_FROM',
    'PAYMENT_PROVIDER',
    'DEMO_MODE',
    'SITE_URL',
  ])
    delete process.env[k];
  Object.assign(process.env, productionBase(), extra);
  resetEnvCache();
}

const errorOf = () => {
  try {
    env();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('npm start in production', () => {
  it('refuses to start without an SMS gateway and without DEMO_MODE, naming the variables', () => {
    // A tree that passes start.mjs's build check; the environment check comes before anything is served.
    // (A relative folder, as NEXT_DIST_DIR is.)
    mkdirSync('.data', { recursive: true });
    const dist = path.relative(process.cwd(), mkdtempSync(path.join('.data', 'start-test-dist-')));
    try {
      writeFileSync(path.join(dist, 'BUILD_ID'), 'test-build');
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(
          ([k]) => !/^(SMS_|PAYMENT_PROVIDER|DEMO_MODE|ALIPAY_|NODE_ENV|NEXT_PHASE)/.test(k),
        ),
      );
      const { NODE_ENV: _test, ...base } = productionBase();
      const r = spawnSync(process.execPath, ['scripts/start.mjs'], {
        cwd: process.cwd(),
        // No NODE_ENV: `npm start` sets production itself.
        env: { ...clean, ...base, NEXT_DIST_DIR: dist, DATABASE_URL: 'memory://' } as unknown as NodeJS.ProcessEnv,
        encoding: 'utf8',
        timeout: 60_000,
      });
      const out = r.stdout + r.stderr;
      expect(r.status).not.toBe(0);
      expect(out).toMatch(/SMS_GATEWAY_URL: is required in production .*DEMO_MODE=1/);
      expect(out).toMatch(/ALIPAY_APP_ID: is required in production/);
      expect(out).toMatch(/not starting/);
      expect(out).not.toMatch(/ready on/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses the SMS outbox, the mail outbox and the sandbox gateway by name without DEMO_MODE', () => {
    production({ SMS_ADAPTER: 'outbox', MAIL_ADAPTER: 'outbox', PAYMENT_PROVIDER: 'sandbox' });
    const msg = errorOf();
    expect(msg).toMatch(/SMS_ADAPTER: outbox makes every SMS code readable at \/dev\/sms/);
    expect(msg).toMatch(/MAIL_ADAPTER: outbox makes every alert e-mail readable at \/dev\/mail/);
    expect(msg).toMatch(/PAYMENT_PROVIDER: sandbox lets anyone "pay" without money/);
  });

  it('requires SITE_URL', () => {
    production({ DEMO_MODE: '1' });
    delete process.env.SITE_URL;
    resetEnvCache();
    expect(errorOf()).toMatch(/SITE_URL: is required in production/);
  });

  it('starts with DEMO_MODE=1 on the outbox and the sandbox gateway', () => {
    production({ DEMO_MODE: '1' });
    expect(errorOf()).toBe('');
    expect(env()).toMatchObject({
      DEMO_MODE: true,
      SMS_ADAPTER: 'outbox',
      MAIL_ADAPTER: 'outbox',
      PAYMENT_PROVIDER: 'sandbox',
    });
  });

  it('requires an SMTP server for alert e-mail without DEMO_MODE, and checks its URL', () => {
    production({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_TOKEN: 'token' });
    expect(errorOf()).toMatch(/SMTP_URL: is required in production \(the SMTP server that sends alert e-mails\)/);
    production({ SMTP_URL: 'https://mail.example.com', MAIL_FROM: 'alerts@example.com' });
    expect(errorOf()).toMatch(/SMTP_URL: must be smtp:\/\/… or smtps:\/\/…/);
  });

  it('starts with a real SMS gateway, SMTP and Alipay, without DEMO_MODE', () => {
    production({
      SMS_GATEWAY_URL: 'https://sms.example.com/send',
      SMS_GATEWAY_TOKEN: 'token',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Alerts <alerts@example.com>',
      PAYMENT_PROVIDER: 'alipay',
    });
    // Only the Alipay keys are missing now.
    expect(errorOf()).not.toMatch(/SMS_|SMTP_|MAIL_|DEMO_MODE|SITE_URL/);
    expect(env).toThrow(/ALIPAY_APP_ID/);
  });
});

describe('the test-only source setting', () => {
  it('is refused in a production server that is not a demo, and allowed in a demo (the e2e server)', () => {
    production({ SOURCE_FETCH_TEST_LOOPBACK: '1' });
    expect(errorOf()).toMatch(/SOURCE_FETCH_TEST_LOOPBACK: is for tests only/);
    production({ SOURCE_FETCH_TEST_LOOPBACK: '1', DEMO_MODE: '1' });
    expect(errorOf()).not.toMatch(/SOURCE_FETCH_TEST_LOOPBACK/);
  });
});

describe('SITE_URL outside production', () => {
  it('follows PORT when unset', () => {
    delete process.env.SITE_URL;
    process.env.PORT = '3456';
    resetEnvCache();
    expect(env().SITE_URL).toBe('http://localhost:3456');
  });
});
