import 'server-only';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { notificationText, seriesName, viewOf, type NotificationView } from '@/lib/i18n/alert-text';
import { fmt } from '@/lib/i18n/format';
import { dictionaries } from '@/lib/i18n/messages';
import type { AlertChannel } from '@/lib/shared/alert-limits';
import { alertLimitsOf } from '@/lib/shared/alert-limits';
import { mailAdapter } from '../../adapters/mail';
import { smsAdapter } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { query } from '../../db/client';
import { alertDeliveries, alertSettings, notifications, users } from '../../db/schema';
import { env } from '../../env';
import { siteUrl } from '../../site';
import { viewersOf } from './entitlement';
import { viewsOf } from './notifications';
import { escapeHtml } from './settings';
import { unsubscribeToken, webhookSecret, webhookSignature } from './tokens';
import { postWebhook, type WebhookNet } from './webhook';

/** Waits before the 2nd … 6th attempt of a failed delivery; after the 6th it has failed. */
export const RETRY_DELAYS_S = [60, 300, 1800, 7200, 43_200];
const BATCH = 200;
const CLAIM_S = 120;

type Delivery = typeof alertDeliveries.$inferSelect;
export type DeliveryRun = { sent: number; retried: number; failed: number; skipped: number };

/**
 * Sends the messages that are due (docs/alerts.md, "Delivery"), from any instance: a batch is
 * claimed with FOR UPDATE SKIP LOCKED (two workers never take the same row) and marked "sending"
 * until a deadline, so one that dies mid-batch leaves its rows to be taken again. Each message is
 * written in its user's language; e-mails held for the daily digest go as one per user.
 */
export async function deliverDue(db: Db, now = new Date(), net: WebhookNet = {}): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  for (;;) {
    const batch = await claim(db, now);
    if (!batch.length) return run;
    await sendBatch(db, batch, now, net, run);
    if (batch.length < BATCH) return run;
  }
}

async function claim(db: Db, now: Date): Promise<Delivery[]> {
  const d = alertDeliveries;
  const t = now.toISOString();
  const rows = await query<{ id: string }>(
    db,
    sql`UPDATE ${d} SET ${sql.identifier(d.status.name)} = 'sending', ${sql.identifier(d.attempts.name)} = ${d.attempts} + 1,
        ${sql.identifier(d.claimedUntil.name)} = ${t}::timestamptz + interval '${sql.raw(String(CLAIM_S))} seconds'
      WHERE ${d.id} IN (
        SELECT ${d.id} FROM ${d}
        WHERE (${d.status} = 'pending' AND ${d.dueAt} <= ${t}::timestamptz) OR (${d.status} = 'sending' AND ${d.claimedUntil} < ${t}::timestamptz)
        ORDER BY ${d.dueAt} LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING ${d.id} AS id`,
  );
  if (!rows.length) return [];
  return db
    .select()
    .from(d)
    .where(
      inArray(
        d.id,
        rows.map((r) => r.id),
      ),
    );
}

type Outcome = { status: 'sent' | 'skipped' | 'failed' | 'retry'; error?: string };

async function sendBatch(db: Db, batch: Delivery[], now: Date, net: WebhookNet, run: DeliveryRun) {
  const userIds = [...new Set(batch.map((b) => b.userId))];
  const [settingsRows, userRows, viewers, rows] = await Promise.all([
    db.select().from(alertSettings).where(inArray(alertSettings.userId, userIds)),
    db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, userIds)),
    viewersOf(db, userIds, now),
    db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [...new Set(batch.map((b) => b.notificationId))])),
  ]);
  const settingsOf = new Map(settingsRows.map((s) => [s.userId, s]));
  const phoneOf = new Map(userRows.map((u) => [u.id, u.phone]));
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const outcomes = new Map<string, Outcome>();
  const byLang = new Map<'zh-CN' | 'en', typeof rows>();
  for (const r of rows) {
    const lang = settingsOf.get(r.userId)?.lang === 'en' ? 'en' : 'zh-CN';
    byLang.set(lang, [...(byLang.get(lang) ?? []), r]);
  }
  const views = new Map<string, NotificationView & { ruleId: string | null; regionId: string; productCode: string }>();
  // Only price alerts have deliveries: a feedback reply's notice is texted by its own service.
  for (const [lang, list] of byLang)
    for (const [i, v] of (await viewsOf(db, list, lang)).entries())
      views.set(v.id, {
        ...viewOf({ ...v, kind: v.kind as NotificationView['kind'] }),
        ruleId: list[i]!.ruleId,
        regionId: v.regionId,
        productCode: v.product,
      });

  // Each user's texts in the last 24 hours, for the SMS limit of their level.
  const smsUsers = [...new Set(batch.filter((b) => b.channel === 'sms').map((b) => b.userId))];
  const smsSent = new Map(
    smsUsers.length
      ? (
          await db
            .select({ userId: alertDeliveries.userId, n: count() })
            .from(alertDeliveries)
            .where(
              and(
                inArray(alertDeliveries.userId, smsUsers),
                eq(alertDeliveries.channel, 'sms'),
                eq(alertDeliveries.status, 'sent'),
                gte(alertDeliveries.sentAt, new Date(now.getTime() - 86_400_000)),
              ),
            )
            .groupBy(alertDeliveries.userId)
        ).map((r) => [r.userId, Number(r.n)])
      : [],
  );

  const digests = new Map<string, Delivery[]>();
  for (const d of batch) {
    const s = settingsOf.get(d.userId);
    const n = rowOf.get(d.notificationId);
    const v = views.get(d.notificationId);
    const viewer = viewers.get(d.userId);
    const limits = alertLimitsOf(viewer?.kind === 'user' ? viewer.member : null);
    if (!s || !n || !v) {
      outcomes.set(d.id, { status: 'skipped', error: 'gone' });
      continue;
    }
    if (!limits.channels.includes(d.channel as AlertChannel)) {
      outcomes.set(d.id, { status: 'skipped', error: 'not in the membership level' });
      continue;
    }
    const lang = s.lang === 'en' ? 'en' : 'zh-CN';
    const t = dictionaries[lang].alerts;
    const text = notificationText(t, dictionaries[lang].anomaly, v, lang);
    const links = unsubscribeLinks(d.userId, v.ruleId, d.channel as AlertChannel);
    try {
      if (d.channel === 'email') {
        if (!s.email || !s.emailConfirmedAt)
          outcomes.set(d.id, { status: 'skipped', error: 'no confirmed e-mail address' });
        else if (d.digest) digests.set(d.userId, [...(digests.get(d.userId) ?? []), d]);
        else {
          await mailAdapter(db).send(mail(s.email, text, [text], links, lang), now);
          outcomes.set(d.id, { status: 'sent' });
        }
      } else if (d.channel === 'sms') {
        const sent = smsSent.get(d.userId) ?? 0;
        const phone = phoneOf.get(d.userId);
        if (sent >= limits.smsPerDay || !phone)
          outcomes.set(d.id, { status: 'skipped', error: 'SMS limit of the day reached' });
        else {
          smsSent.set(d.userId, sent + 1);
          await smsAdapter(db).send(
            {
              phone,
              purpose: 'alert',
              text: `[${env().SITE_NAME}] ${text} ${fmt(t.smsUnsubscribe, { url: links.page })}`,
              code: null,
            },
            now,
          );
          outcomes.set(d.id, { status: 'sent' });
        }
      } else if (d.channel === 'webhook') {
        if (!s.webhookUrl) outcomes.set(d.id, { status: 'skipped', error: 'no webhook URL' });
        else {
          const body = JSON.stringify({
            id: d.id,
            type: 'price.alert',
            createdAt: n.createdAt.toISOString(),
            rule: { id: n.ruleId, kind: n.kind, ...n.detail },
            series: {
              product: v.productCode,
              productName: v.product,
              regionId: v.regionId,
              regionName: v.region,
              priceType: v.priceType,
              currency: v.currency,
              unit: v.unit,
              name: seriesName(t, v),
            },
            observation: { day: n.day, price: n.price },
            text,
            lang,
            unsubscribe: links.page,
          });
          const r = await postWebhook(
            s.webhookUrl,
            body,
            {
              'user-agent': 'YoonopAlerts/1',
              'x-yoonop-delivery': d.id,
              'x-yoonop-signature': webhookSignature(webhookSecret(d.userId, s.webhookVersion), body, now),
            },
            net,
          );
          outcomes.set(d.id, r.ok ? { status: 'sent' } : { status: r.permanent ? 'failed' : 'retry', error: r.error });
        }
      }
    } catch (e) {
      outcomes.set(d.id, { status: 'retry', error: (e as Error).message });
    }
  }
  for (const [userId, list] of digests) {
    const s = settingsOf.get(userId)!;
    const lang = s.lang === 'en' ? 'en' : 'zh-CN';
    const t = dictionaries[lang].alerts;
    const texts = list.map((d) => notificationText(t, dictionaries[lang].anomaly, views.get(d.notificationId)!, lang));
    try {
      const subject = fmt(t.digestSubject, { count: texts.length }, lang);
      await mailAdapter(db).send(
        mail(s.email!, subject, [t.digestIntro, ...texts], unsubscribeLinks(userId, null, 'email'), lang),
        now,
      );
      for (const d of list) outcomes.set(d.id, { status: 'sent' });
    } catch (e) {
      for (const d of list) outcomes.set(d.id, { status: 'retry', error: (e as Error).message });
    }
  }
  await record(db, batch, outcomes, now, run);
}

function unsubscribeLinks(userId: string, ruleId: string | null, channel: AlertChannel) {
  const token = unsubscribeToken({ userId, ruleId, channel });
  const site = siteUrl();
  return { page: `${site}/equitiesCentre/unsubscribe?t=${token}`, post: `${site}/api/alerts/unsubscribe?t=${token}` };
}

function mail(
  to: string,
  subject: string,
  lines: string[],
  links: { page: string; post: string },
  lang: 'zh-CN' | 'en',
) {
  const t = dictionaries[lang].alerts;
  const site = env().SITE_NAME;
  const watch = `${siteUrl()}/equitiesCentre/watchlist`;
  const footer = fmt(t.mailFooter, { site, url: links.page });
  const a = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return {
    to,
    subject,
    text: [...lines, '', fmt(t.openWatchlist, { url: watch }), '', footer].join('\n'),
    html: [
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p>${escapeHtml(fmt(t.openWatchlist, { url: '\u0000' })).replace('\u0000', a(watch))}</p>`,
      `<p style="color:#666;font-size:12px">${escapeHtml(fmt(t.mailFooter, { site, url: '\u0000' })).replace('\u0000', a(links.page))}</p>`,
    ].join('\n'),
    // RFC 8058: mail clients offer a one-click unsubscribe that POSTs to this URL.
    headers: { 'List-Unsubscribe': `<${links.post}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

async function record(db: Db, batch: Delivery[], outcomes: Map<string, Outcome>, now: Date, run: DeliveryRun) {
  for (const d of batch) {
    const o = outcomes.get(d.id) ?? { status: 'retry', error: 'not sent' };
    const last = d.attempts > RETRY_DELAYS_S.length;
    const status = o.status === 'retry' ? (last ? 'failed' : 'pending') : o.status;
    if (status === 'sent') run.sent++;
    else if (status === 'skipped') run.skipped++;
    else if (status === 'failed') run.failed++;
    else run.retried++;
    const delay = RETRY_DELAYS_S[Math.min(d.attempts, RETRY_DELAYS_S.length) - 1] ?? 60;
    await db
      .update(alertDeliveries)
      .set({
        status,
        lastError: o.error ?? null,
        claimedUntil: null,
        sentAt: status === 'sent' ? now : null,
        ...(status === 'pending' ? { dueAt: new Date(now.getTime() + delay * 1000) } : {}),
      })
      .where(eq(alertDeliveries.id, d.id));
  }
}
