// Delivering alerts on both databases (docs/alerts.md): e-mail (confirmed address, outbox and SMTP
// through a local smtp-server), SMS within the level's daily limit, webhooks signed with a
// timestamp, retried with backoff and never sent to private addresses, quiet hours and the daily
// digest in the user's time zone, messages in the user's language, and the unsubscribe link.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { listMailOutbox, mailAdapter } from '@/lib/server/adapters/mail';
import { listOutbox } from '@/lib/server/adapters/sms';
import { getDb, query } from '@/lib/server/db/client';
import { resetEnvCache } from '@/lib/server/env';
import { deliverDue, RETRY_DELAYS_S } from '@/lib/server/services/alerts/deliver';
import { localMinutes } from '@/lib/server/services/alerts/schedule';
import { checkWebhookUrl } from '@/lib/server/services/alerts/settings';
import { postWebhook } from '@/lib/server/services/alerts/webhook';
import { addDays } from '@/lib/shared/dates';
import { call, ok } from '../support/api-client';
import { flat, followSeries, importPrices, member, receiver } from '../support/alerts';
import { platinumMember, TODAY } from '../support/market';
import { tamper } from '../support/tamper';

const START = addDays(TODAY, -200);
let next = 0;
const newDay = () => addDays(START, 40 + next++);
let product = '';
const MARKET = 'hainan/delivery-market';

beforeAll(async () => {
  await platinumMember();
  const s = await importPrices('Delivery pork', 'Delivery Market', flat(START, 40, 20));
  product = s.newProducts[0]!.code;
}, 60_000);

/** A member with a confirmed e-mail address, English messages, following the series with one rule. */
async function subscriber(
  level: 'gold' | 'platinum',
  channels: ('email' | 'sms' | 'webhook')[],
  lang: 'en' | 'zh-CN' = 'en',
) {
  const u = await member(level);
  const email = `u${Math.random().toString(36).slice(2, 10)}@example.com`;
  await ok('SaveAlertSettings', { body: { email, lang }, token: u.token });
  const [confirm] = await listMailOutbox(await getDb(), email);
  const link = /https?:\/\/\S+\/equitiesCentre\/confirmEmail\?t=(\S+)/.exec(confirm!.text)!;
  expect(await ok('ConfirmAlertEmail', { body: { token: decodeURIComponent(link[1]!) } })).toEqual({ email });
  const w = await followSeries(u.token, product, MARKET);
  const rule = await ok('SaveAlertRule', { body: { watchId: w, kind: 'new', channels }, token: u.token });
  return { ...u, email, rule };
}

async function priceArrives(price = 21) {
  const d = newDay();
  await importPrices('Delivery pork', 'Delivery Market', [[d, price]]);
  return d;
}

describe('e-mail', () => {
  it('goes to a confirmed address only, in the user language, with a working unsubscribe link', async () => {
    const u = await subscriber('gold', ['email']);
    const d = await priceArrives(21.5);
    expect(await deliverDue(await getDb())).toMatchObject({ sent: 1 });
    const [m] = await listMailOutbox(await getDb(), u.email);
    expect(m!.subject).toBe(`Delivery pork, Delivery Market (wholesale): new price 21.50 CNY/kg on ${d}`);
    expect(m!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const url = /(https?:\/\/\S+\/equitiesCentre\/unsubscribe\?t=(\S+))/.exec(m!.text)!;
    const token = url[2]!;
    // Opening the link describes it; it takes effect when confirmed (a mail scanner opens links too).
    const seen = await ok('AlertUnsubscribe', { body: { token, apply: false } });
    expect(seen).toMatchObject({ channel: 'email', done: false, all: false });
    // The series named as the message named it.
    expect(seen.series).toBe('Delivery pork, Delivery Market (wholesale)');
    expect(await ok('AlertUnsubscribe', { body: { token, apply: true } })).toMatchObject({ done: true });
    await priceArrives(22);
    await deliverDue(await getDb());
    expect(await listMailOutbox(await getDb(), u.email)).toHaveLength(2); // the confirmation and the first alert
    const bad = await call('AlertUnsubscribe', { body: { token: tamper(token), apply: true } });
    expect(bad.body).toMatchObject({ code: 400, msg: 'token: This link is not valid' });
  });

  it('is written in Chinese for a user whose language is Chinese', async () => {
    const u = await subscriber('gold', ['email'], 'zh-CN');
    const d = await priceArrives(23);
    await deliverDue(await getDb());
    const [m] = await listMailOutbox(await getDb(), u.email);
    expect(m!.subject).toBe(`Delivery pork · Delivery Market（批发）：${d} 新价格 23.00 CNY／公斤`);
  });

  it('goes through SMTP with nodemailer to a local smtp-server, headers kept', async () => {
    const got: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _s, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          got.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.server.address() as { port: number }).port;
    const saved = { ...process.env };
    Object.assign(process.env, {
      MAIL_ADAPTER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'alerts@example.com',
    });
    resetEnvCache();
    try {
      const adapter = mailAdapter(await getDb());
      expect(adapter.name).toBe('smtp');
      await adapter.send(
        {
          to: 'x@example.com',
          subject: 'Hello',
          text: 'Body',
          html: '<p>Body</p>',
          headers: { 'List-Unsubscribe': '<https://u>' },
        },
        new Date(),
      );
      expect(got).toHaveLength(1);
      expect(got[0]).toMatch(/Subject: Hello/);
      expect(got[0]).toMatch(/List-Unsubscribe: <https:\/\/u>/);
    } finally {
      process.env = saved;
      resetEnvCache();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('SMS', () => {
  it('goes through the SMS adapter with the unsubscribe link, within the level limit of the day', async () => {
    const u = await subscriber('gold', ['sms']);
    const [{ phone }] = (await query<{ phone: string }>(
      await getDb(),
      sql`SELECT phone FROM users WHERE id = ${u.id}`,
    )) as [{ phone: string }];
    await priceArrives(24);
    await deliverDue(await getDb());
    const texts = (await listOutbox(await getDb(), phone)).filter((t) => t.purpose === 'alert');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(
      /Delivery pork, Delivery Market \(wholesale\): new price 24\.00 CNY\/kg .* Stop: http\S+\/equitiesCentre\/unsubscribe\?t=/,
    );
    // Gold: 20 texts a day. Twenty more prices: the 21st text of the day is skipped.
    for (let i = 0; i < 20; i++) await priceArrives(25 + i);
    const run = await deliverDue(await getDb());
    expect(run.skipped).toBeGreaterThanOrEqual(1);
    expect((await listOutbox(await getDb(), phone)).filter((t) => t.purpose === 'alert')).toHaveLength(20);
  }, 120_000);
});

describe('quiet hours and the digest, in the user time zone', () => {
  it('holds an e-mail until the quiet hours end', async () => {
    const u = await subscriber('gold', ['email']);
    const now = new Date();
    const m = localMinutes(now, 'Europe/Berlin');
    await ok('SaveAlertSettings', {
      body: { timeZone: 'Europe/Berlin', quietFrom: (m + 1380) % 1440, quietTo: (m + 60) % 1440 },
      token: u.token,
    });
    await priceArrives(30);
    await deliverDue(await getDb(), now);
    expect(await listMailOutbox(await getDb(), u.email)).toHaveLength(1); // the confirmation only
    await deliverDue(await getDb(), new Date(now.getTime() + 61 * 60_000));
    expect(await listMailOutbox(await getDb(), u.email)).toHaveLength(2);
  });

  it('sends one digest e-mail with every alert of the day at the chosen hour', async () => {
    const u = await subscriber('gold', ['email']);
    const now = new Date();
    const m = localMinutes(now, 'Asia/Shanghai');
    await ok('SaveAlertSettings', { body: { digest: true, digestAt: (m + 120) % 1440 }, token: u.token });
    await priceArrives(31);
    await priceArrives(32);
    await deliverDue(await getDb(), now);
    expect(await listMailOutbox(await getDb(), u.email)).toHaveLength(1);
    await deliverDue(await getDb(), new Date(now.getTime() + 121 * 60_000));
    const [digest] = await listMailOutbox(await getDb(), u.email);
    expect(digest!.subject).toBe('Your price alerts: 2 new');
    expect(digest!.text).toMatch(/31\.00[\s\S]*32\.00|32\.00[\s\S]*31\.00/);
  });
});

describe('webhooks', () => {
  const hooks: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const h of hooks) await h.close();
  });

  it('refuses a private or loopback address when saved', async () => {
    const u = await member('platinum');
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest'])
      expect((await call('SaveAlertSettings', { body: { webhookUrl: url }, token: u.token })).body).toMatchObject({
        code: 400,
        msg: expect.stringMatching(/^webhookUrl: points to .*, which is not a public internet address$/),
      });
    // After DNS resolution: a public-looking name that resolves inside.
    const resolve = async () => [{ address: '192.168.1.20', family: 4 }];
    await expect(checkWebhookUrl('https://hooks.example.com/x', resolve)).rejects.toMatchObject({
      message: 'webhookUrl: points to 192.168.1.20, which is not a public internet address',
    });
    const r = await postWebhook('https://hooks.example.com/x', '{}', {}, { resolve });
    expect(r).toMatchObject({ ok: false, permanent: true });
  });

  it('signs each POST with a timestamp, retries a failure with backoff, and never calls a private address', async () => {
    const u = await subscriber('platinum', []);
    const hook = await receiver([500]);
    hooks.push(hook);
    // The receiver is on loopback: stored directly (the API refuses it), allowed only for this delivery run.
    await (await getDb()).execute(sql`UPDATE alert_settings SET webhook_url = ${hook.url} WHERE user_id = ${u.id}`);
    await ok('SaveAlertRule', {
      body: { id: u.rule.id, watchId: u.rule.watchId, kind: 'new', channels: ['webhook'] },
      token: u.token,
    });
    const { webhookSecret } = await ok('QueryAlertSettings', { token: u.token });
    const d = await priceArrives(33);
    const now = new Date();
    const loopback = { allowed: () => true };
    expect(await deliverDue(await getDb(), now, loopback)).toMatchObject({ retried: 1 });
    expect(
      await deliverDue(await getDb(), new Date(now.getTime() + (RETRY_DELAYS_S[0]! - 1) * 1000), loopback),
    ).toMatchObject({ sent: 0 });
    expect(
      await deliverDue(await getDb(), new Date(now.getTime() + RETRY_DELAYS_S[0]! * 1000), loopback),
    ).toMatchObject({ sent: 1 });
    expect(hook.got).toHaveLength(2);
    const [first, second] = hook.got;
    expect(second!.headers['x-yoonop-delivery']).toBe(first!.headers['x-yoonop-delivery']);
    const sig = String(second!.headers['x-yoonop-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig)!;
    expect(createHmac('sha256', webhookSecret!).update(`${t}.${second!.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(second!.body)).toMatchObject({
      type: 'price.alert',
      observation: { day: d, price: 33 },
      series: { product, regionId: MARKET },
      unsubscribe: expect.stringContaining('/equitiesCentre/unsubscribe?t='),
    });
    // The same delivery run without the test's allowance: the loopback receiver is never called.
    await priceArrives(34);
    expect(await deliverDue(await getDb())).toMatchObject({ failed: 1 });
    expect(hook.got).toHaveLength(2);
  });
});
