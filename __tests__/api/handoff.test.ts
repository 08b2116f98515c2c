// The platform hand-off (docs/accounts.md): /correspondence/{token} + PlatformTokenLicense
// (signature, expiry ≤ 5 min, single use, find or create by phone), UserPlatformAuth,
// `npm run platform:token`, and the secrets' configuration.
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { platformLinks, users } from '@/lib/server/db/schema';
import { env, resetEnvCache } from '@/lib/server/env';
import { findPlatform } from '@/lib/server/platforms/catalogue';
import { issueInboundToken, signHandoff, type HandoffClaims } from '@/lib/server/platforms/handoff-token';
import { platformSecret } from '@/lib/server/platforms/secrets';
import { resetSecretCache } from '@/lib/server/secret';
import { call, ok } from '../support/api-client';
import { currentUser, freshPhone, registerUser } from '../support/accounts';
import { MINUTE, fakeClock } from '../support/clock';

const run = promisify(execFile);
const saved = { ...process.env };
let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
  process.env = { ...saved };
  resetEnvCache();
});
afterAll(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const farming = findPlatform('farming')!;

const inbound = (phone: string, over: { name?: string; returnPath?: string } = {}, platform = farming) =>
  issueInboundToken(platform, {
    phone,
    name: over.name ?? 'Li Wei',
    returnPath: over.returnPath ?? '/feedback',
    now: new Date(),
  }).token;
const license = (token: string) => call('PlatformTokenLicense', { query: { token } });
const refusal = (reason: string, msg: string) => ({ code: 400, msg: `token: ${msg}`, data: { reason } });

/** Hand-made claims, signed with whatever secret the test names. */
function craft(over: Partial<HandoffClaims>, secret = platformSecret(farming)) {
  const now = Date.now();
  const claims: HandoffClaims = {
    iss: 'farming',
    aud: 'portal',
    phone: freshPhone('137'),
    name: 'Crafted',
    ret: '/',
    iat: now,
    exp: now + 5 * MINUTE,
    nonce: `n${now}${Math.random().toString(36).slice(2, 10)}`,
    ...over,
  };
  return signHandoff(claims, secret);
}

describe('PlatformTokenLicense', () => {
  it('creates the user on first arrival, records the platform and returns a session and the return path', async () => {
    const phone = freshPhone('137');
    const r = await ok('PlatformTokenLicense', {
      query: { token: inbound(phone, { name: 'Li Wei', returnPath: '/feedback?tab=mine' }) },
    });
    expect(r).toMatchObject({ returnPath: '/feedback?tab=mine', isNewUser: true, plaformKey: 'farming' });
    const me = (await currentUser(r.token)).body.data!;
    expect(me).toMatchObject({ phone, nickname: 'Li Wei', sourcePlaformCode: 'farming' });
    // No password was set: nothing logs in with one until the user sets it by SMS.
    expect((await call('UserLoginAPP', { body: { phone, password: '!handoff' } })).body).toMatchObject({
      code: 0,
      msg: 'Incorrect phone number or password',
    });
  });

  it('enters an existing account only once its owner linked that platform, and keeps the first platform', async () => {
    const u = await registerUser(freshPhone('137'), undefined, 'Registered Rui');
    const unlinked = refusal(
      'unlinked',
      'cannot sign in to this account: it is not linked to Smart Farming. Log in to the portal and open Smart Farming from there once to link it.',
    );
    const token = inbound(u.phone, { name: 'Other Name' });
    expect((await license(token)).body).toMatchObject(unlinked);
    // The owner opens the platform from the portal: that links it (and the refused token was not spent).
    await ok('UserPlatformAuth', { token: u.token, query: { identifier: 'farming' } });
    const first = await ok('PlatformTokenLicense', { query: { token } });
    expect(first.isNewUser).toBe(false);
    expect((await currentUser(first.token)).body.data).toMatchObject({
      phone: u.phone,
      nickname: 'Registered Rui',
      sourcePlaformCode: 'farming',
    });
    // Another platform is still a stranger to this account.
    const enforce = findPlatform('enforceSystem')!;
    expect((await license(inbound(u.phone, {}, enforce))).body).toMatchObject({
      code: 400,
      data: { reason: 'unlinked' },
    });
    await ok('UserPlatformAuth', { token: u.token, query: { identifier: 'enforceSystem' } });
    const second = await ok('PlatformTokenLicense', { query: { token: inbound(u.phone, {}, enforce) } });
    expect((await currentUser(second.token)).body.data).toMatchObject({ sourcePlaformCode: 'farming' });
  });

  it('lets the platform an account came from hand it in again, and no other', async () => {
    const phone = freshPhone('137');
    await ok('PlatformTokenLicense', { query: { token: inbound(phone) } });
    expect((await license(inbound(phone))).body.code).toBe(1);
    expect((await license(inbound(phone, {}, findPlatform('electronicLedger')!))).body).toMatchObject({
      data: { reason: 'unlinked' },
    });
  });

  it('never signs in a staff account, from any platform, linked or not', async () => {
    const staff = await registerUser(freshPhone('137'));
    const db = await getDb();
    await db
      .update(users)
      .set({ roles: ['support'] })
      .where(eq(users.phone, staff.phone));
    await db.insert(platformLinks).values({
      userId: (await ok('GetCurrentUser', { token: staff.token })).id,
      platformKey: 'farming',
      linkedAt: new Date(),
    });
    expect((await license(inbound(staff.phone))).body).toMatchObject(
      refusal('staff', 'cannot sign in a staff account; staff log in with their password'),
    );
  });

  it('refuses the same token a second time', async () => {
    const token = inbound(freshPhone('137'));
    expect((await license(token)).body.code).toBe(1);
    expect((await license(token)).body).toMatchObject(
      refusal('used', 'has already been used; open the link from the platform again'),
    );
  });

  it('refuses a forged or altered token', async () => {
    const forged = craft({}, Buffer.from('not-the-farming-secret-but-long-enough-0123456789'));
    expect((await license(forged)).body).toMatchObject(
      refusal('signature', 'is not signed by that platform (forged or altered)'),
    );
    // Someone else's phone in a genuine token's payload, the signature kept.
    const [v, body, sig] = inbound(freshPhone('137')).split('~');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, phone: '13800000001' })).toString('base64url');
    expect((await license(`${v}~${altered}~${sig}`)).body).toMatchObject(
      refusal('signature', 'is not signed by that platform (forged or altered)'),
    );
    // Signed by one platform, claiming another.
    const [, , ledgerSig] = craft({ iss: 'electronicLedger' }, platformSecret(findPlatform('electronicLedger')!)).split(
      '~',
    );
    expect((await license(`${v}~${body}~${ledgerSig}`)).body.code).toBe(400);
    for (const junk of [
      'abc',
      'v1~~',
      'v1~e30~',
      'v2~e30~abc',
      `v1~${Buffer.from('not json').toString('base64url')}~x`,
      'v1.e30.abc',
    ]) {
      expect((await license(junk)).body).toMatchObject(refusal('malformed', 'is not a valid hand-off token'));
    }
    expect((await license(craft({ iss: 'unknownPlatform' }))).body).toMatchObject(
      refusal('platform', 'comes from an unknown platform'),
    );
  });

  it('refuses an expired token, and one made to live longer than 5 minutes', async () => {
    clock = fakeClock(Date.now());
    const token = inbound(freshPhone('137'));
    clock.advance(5 * MINUTE);
    expect((await license(token)).body).toMatchObject(
      refusal('expired', 'has expired; open the link from the platform again'),
    );
    clock.restore();
    clock = undefined;
    const now = Date.now();
    expect((await license(craft({ iat: now, exp: now + 10 * MINUTE }))).body).toMatchObject(
      refusal('lifetime', 'must live at most 5 minutes'),
    );
    expect((await license(craft({ iat: now + 10 * MINUTE, exp: now + 14 * MINUTE }))).body).toMatchObject(
      refusal('lifetime', 'must live at most 5 minutes'),
    );
  });

  it('refuses a token for another audience or without a valid phone; a return path off the site becomes /', async () => {
    expect((await license(craft({ aud: 'farming' }))).body).toMatchObject(
      refusal('audience', 'is not meant for this portal'),
    );
    expect((await license(craft({ phone: '12345' }))).body).toMatchObject(
      refusal('phone', 'carries no valid mainland mobile number'),
    );
    for (const ret of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'feedback',
      '/a\nb',
    ]) {
      expect((await ok('PlatformTokenLicense', { query: { token: craft({ ret }) } })).returnPath).toBe('/');
    }
    // A same-site path is kept, as the browser would resolve it.
    expect(
      (await ok('PlatformTokenLicense', { query: { token: craft({ ret: '/a/../feedback//x?y=1' }) } })).returnPath,
    ).toBe('/feedback/x?y=1');
  });

  it('asks before a link for another account replaces the session the browser holds, and spends nothing until then', async () => {
    const current = await registerUser();
    const phone = freshPhone('137');
    const token = inbound(phone);
    const asked = await call('PlatformTokenLicense', { token: current.token, query: { token } });
    expect(asked.body).toMatchObject({
      code: 409,
      msg: `This link signs in ${phone.slice(0, 3)}****${phone.slice(-4)}, but this browser is logged in as ${current.phone.slice(0, 3)}****${current.phone.slice(-4)}`,
      data: { reason: 'switch', current: `${current.phone.slice(0, 3)}****${current.phone.slice(-4)}` },
    });
    // Nothing was made: no account for the link's phone yet, and the current session still works.
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    expect((await currentUser(current.token)).body.data).toMatchObject({ phone: current.phone });

    // The person says yes: the same link, once, signs the other account in.
    const r = await ok('PlatformTokenLicense', { token: current.token, query: { token, switchAccount: '1' } });
    expect((await currentUser(r.token)).body.data).toMatchObject({ phone });
    expect((await license(token)).body).toMatchObject(
      refusal('used', 'has already been used; open the link from the platform again'),
    );
  });

  it('does not ask when the link is for the account already logged in, or the browser holds no valid session', async () => {
    const phone = freshPhone('137');
    const first = await ok('PlatformTokenLicense', { query: { token: inbound(phone) } });
    expect(
      (await call('PlatformTokenLicense', { token: first.token, query: { token: inbound(phone) } })).body.code,
    ).toBe(1);
    expect(
      (await call('PlatformTokenLicense', { token: 'not-a-session', query: { token: inbound(freshPhone('137')) } }))
        .body.code,
    ).toBe(1);
  });

  it('does not spend a token it refused for another reason', async () => {
    clock = fakeClock(Date.now());
    const token = inbound(freshPhone('137'));
    clock.advance(-MINUTE); // the portal's clock is behind the platform's: the token is not yet acceptable
    expect((await license(token)).body.code).toBe(400);
    clock.advance(MINUTE);
    expect((await license(token)).body.code).toBe(1);
  });
});

describe('UserPlatformAuth', () => {
  it('returns a URL on the platform carrying a token signed with its secret, for the current user', async () => {
    const u = await registerUser(freshPhone('137'), undefined, 'Outbound Ou');
    const r = await ok('UserPlatformAuth', {
      token: u.token,
      query: { identifier: 'farming', returnPath: '/plots' },
    });
    const prefix = 'https://farming.platforms.example/correspondence/';
    expect(r.url.startsWith(prefix)).toBe(true);
    const [v, body, sig] = decodeURIComponent(r.url.slice(prefix.length)).split('~');
    // What the platform does with its half of the secret.
    expect(sig).toBe(createHmac('sha256', platformSecret(farming)).update(`${v}~${body}`).digest('base64url'));
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as HandoffClaims;
    expect(claims).toMatchObject({ iss: 'portal', aud: 'farming', phone: u.phone, name: 'Outbound Ou', ret: '/plots' });
    expect(claims.exp - claims.iat).toBe(5 * MINUTE);
    expect(Date.parse(r.expiresAt)).toBe(claims.exp);
    // Meant for the platform: the portal itself refuses it.
    expect((await license(decodeURIComponent(r.url.slice(prefix.length)))).body).toMatchObject(
      refusal('platform', 'comes from an unknown platform'),
    );
  });

  it('uses the configured platform address, and says so when production has none', async () => {
    const u = await registerUser(freshPhone('137'));
    process.env.PLATFORM_URL_ELECTRONIC_LEDGER = 'https://ledger.yoonop.test/sso';
    resetEnvCache();
    const r = await ok('UserPlatformAuth', {
      token: u.token,
      query: { identifier: 'electronicLedger' },
    });
    expect(r.url).toMatch(/^https:\/\/ledger\.yoonop\.test\/sso\/correspondence\/v1~/);
    process.env.PLATFORM_URL_ELECTRONIC_LEDGER = 'https://ledger.yoonop.test/login?t={token}';
    resetEnvCache();
    expect((await ok('UserPlatformAuth', { token: u.token, query: { identifier: 'electronicLedger' } })).url).toMatch(
      /^https:\/\/ledger\.yoonop\.test\/login\?t=v1~/,
    );

    Object.assign(process.env, {
      NODE_ENV: 'production',
      APP_SECRET: 'p'.repeat(40),
      DEMO_MODE: '1',
      SITE_URL: 'https://portal.test',
    });
    for (const k of ['FARMING', 'ELECTRONIC_LEDGER', 'DISTRIBUTION_SYSTEM', 'ENFORCE_SYSTEM'])
      process.env[`PLATFORM_SECRET_${k}`] = `${k}-secret`.padEnd(40, '-');
    resetEnvCache();
    resetSecretCache();
    try {
      expect(
        (await call('UserPlatformAuth', { token: u.token, query: { identifier: 'enforceSystem' } })).body,
      ).toMatchObject({
        code: 0,
        msg: 'The Enforcement System platform has no hand-off address configured yet.',
      });
      expect((await ok('UserPlatformAuth', { token: u.token, query: { identifier: 'electronicLedger' } })).url).toMatch(
        /^https:\/\/ledger\.yoonop\.test\//,
      );
    } finally {
      resetSecretCache();
    }
  });

  it('needs a login, a known platform and a relative return path', async () => {
    const u = await registerUser(freshPhone('137'));
    expect((await call('UserPlatformAuth', { query: { identifier: 'farming' } })).status).toBe(401);
    expect((await call('UserPlatformAuth', { token: u.token, query: { identifier: 'nope' } })).body).toMatchObject({
      code: 404,
      msg: 'platform not found',
    });
    expect(
      (
        await call('UserPlatformAuth', {
          token: u.token,
          query: { identifier: 'farming', returnPath: 'https://evil.example' },
        })
      ).body,
    ).toMatchObject({
      code: 400,
      msg: 'returnPath: must be a relative path starting with /',
    });
  });
});

describe('platform secrets', () => {
  const production = () =>
    Object.assign(process.env, {
      NODE_ENV: 'production',
      APP_SECRET: 'p'.repeat(40),
      DEMO_MODE: '1',
      SITE_URL: 'https://portal.test',
    });

  it('are required in production, each named', () => {
    production();
    resetEnvCache();
    expect(() => env()).toThrow(
      /PLATFORM_SECRET_FARMING: is required in production[\s\S]*PLATFORM_SECRET_ENFORCE_SYSTEM: is required in production/,
    );
  });

  it('must be at least 32 characters', () => {
    process.env.PLATFORM_SECRET_FARMING = 'short';
    resetEnvCache();
    expect(() => env()).toThrow(/PLATFORM_SECRET_FARMING: must be at least 32 characters/);
  });

  it('sign with the configured secret when set', async () => {
    process.env.PLATFORM_SECRET_FARMING = 'f'.repeat(40);
    resetEnvCache();
    const token = inbound(freshPhone('137'));
    const [v, body, sig] = token.split('~');
    expect(sig).toBe(createHmac('sha256', 'f'.repeat(40)).update(`${v}~${body}`).digest('base64url'));
    expect((await license(token)).body.code).toBe(1);
  });
});

describe('npm run platform:token', () => {
  const root = path.resolve(__dirname, '../..');
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    run(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/platform-token.ts', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', SITE_URL: 'https://portal.test', ...extra },
    });

  it('prints a link that the portal accepts once', async () => {
    const secret = 'cli-shared-secret-for-the-farming-platform-0123';
    const phone = freshPhone('137');
    const { stdout } = await cli(['farming', phone, '--name', 'Cli User', '--return', '/feedback'], {
      PLATFORM_SECRET_FARMING: secret,
    });
    const link = stdout.trim();
    expect(link).toMatch(/^https:\/\/portal\.test\/correspondence\/v1~[\w-]+~[\w-]+$/);
    process.env.PLATFORM_SECRET_FARMING = secret;
    resetEnvCache();
    const token = link.slice('https://portal.test/correspondence/'.length);
    const r = await ok('PlatformTokenLicense', { query: { token } });
    expect(r).toMatchObject({ returnPath: '/feedback', isNewUser: true });
    expect((await currentUser(r.token)).body.data).toMatchObject({
      phone,
      nickname: 'Cli User',
      sourcePlaformCode: 'farming',
    });
    expect((await license(token)).body.data).toEqual({ reason: 'used' });
  }, 30_000);

  it('refuses bad arguments with the usage', async () => {
    for (const args of [
      ['nope', '13912345678'],
      ['farming', '123'],
      ['farming', '13912345678', '--return', 'https://evil.example'],
    ]) {
      const err = (await cli(args).catch((e: { code: number; stderr: string }) => e)) as {
        code: number;
        stderr: string;
      };
      expect(err.code).toBe(2);
      expect(err.stderr).toMatch(/usage: npm run platform:token/);
    }
  }, 30_000);
});
