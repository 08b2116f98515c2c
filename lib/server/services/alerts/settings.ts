import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { AlertSettingsDTO } from '@/lib/api/schemas/alert-calls';
import { fmt } from '@/lib/i18n/format';
import { dictionaries } from '@/lib/i18n/messages';
import { msg } from '@/lib/i18n/server-messages';
import { mailAdapter } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { alertSettings } from '../../db/schema';
import { env } from '../../env';
import { siteUrl } from '../../site';
import { fail } from '../../errors';
import { PrivateAddressError, publicAddressOf, type Resolve } from '../../net/public-address';
import { isTimeZone } from './schedule';
import { emailToken, readEmailToken, webhookSecret } from './tokens';

type Row = typeof alertSettings.$inferSelect;

export type SaveSettings = {
  lang?: 'zh-CN' | 'en';
  timeZone?: string;
  quietFrom?: number | null;
  quietTo?: number | null;
  digest?: boolean;
  digestAt?: number;
  email?: string | null;
  webhookUrl?: string | null;
  rotateWebhookSecret?: boolean;
};

function toDTO(r: Row): AlertSettingsDTO {
  return {
    lang: r.lang === 'en' ? 'en' : 'zh-CN',
    timeZone: r.timeZone,
    quietFrom: r.quietFrom,
    quietTo: r.quietTo,
    digest: r.digest,
    digestAt: r.digestAt,
    email: r.email,
    emailConfirmed: !!(r.email && r.emailConfirmedAt),
    webhookUrl: r.webhookUrl,
    webhookSecret: r.webhookUrl ? webhookSecret(r.userId, r.webhookVersion) : null,
  };
}

/** A user's settings, made on first use with the page's language (messages go out in it). */
export async function settingsRow(db: Db, userId: string, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<Row> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  if (row) return row;
  await db.insert(alertSettings).values({ userId, lang }).onConflictDoNothing();
  const [made] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return made!;
}

export async function getSettings(db: Db, userId: string, lang: 'zh-CN' | 'en') {
  return toDTO(await settingsRow(db, userId, lang));
}

/**
 * A webhook URL must be https in production and reach a public address (docs/alerts.md,
 * "Webhooks"): checked here, so the user hears of it at once, and again at every delivery, on the
 * address the name then resolves to.
 */
export async function checkWebhookUrl(url: string, resolve?: Resolve) {
  const u = new URL(url);
  const production = env().NODE_ENV === 'production';
  if (u.protocol !== 'https:' && (production || u.protocol !== 'http:'))
    throw fail.invalid('webhookUrl', msg('alerts.webhookHttps'));
  try {
    await publicAddressOf(u.hostname, resolve);
  } catch (e) {
    if (e instanceof PrivateAddressError)
      throw fail.invalid('webhookUrl', msg('alerts.webhookPrivate', { address: e.address }));
    throw fail.invalid('webhookUrl', msg('alerts.webhookUnresolved'));
  }
}

/** SaveAlertSettings: a new e-mail address is confirmed by a link sent to it before alerts go there. */
export async function saveSettings(
  db: Db,
  userId: string,
  body: SaveSettings,
  lang: 'zh-CN' | 'en',
  now: Date,
  resolve?: Resolve,
): Promise<AlertSettingsDTO> {
  const current = await settingsRow(db, userId, lang);
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone)) throw fail.invalid('timeZone', msg('alerts.timeZone'));
  const webhookUrl = body.webhookUrl === undefined ? undefined : body.webhookUrl || null;
  if (webhookUrl && webhookUrl !== current.webhookUrl) await checkWebhookUrl(webhookUrl, resolve);
  const email = body.email === undefined ? undefined : body.email ? body.email.toLowerCase() : null;
  const emailChanged = email !== undefined && email !== current.email;
  const [row] = await db
    .update(alertSettings)
    .set({
      lang: body.lang,
      timeZone: body.timeZone,
      quietFrom: body.quietFrom,
      quietTo: body.quietTo,
      digest: body.digest,
      digestAt: body.digestAt,
      email,
      ...(emailChanged ? { emailConfirmedAt: null } : {}),
      webhookUrl,
      ...(body.rotateWebhookSecret ? { webhookVersion: current.webhookVersion + 1 } : {}),
      updatedAt: now,
    })
    .where(eq(alertSettings.userId, userId))
    .returning();
  if (emailChanged && email) await sendConfirmation(db, userId, email, row!.lang === 'en' ? 'en' : 'zh-CN', now);
  return toDTO(row!);
}

async function sendConfirmation(db: Db, userId: string, email: string, lang: 'zh-CN' | 'en', now: Date) {
  const t = dictionaries[lang].alerts;
  const site = env().SITE_NAME;
  const url = `${siteUrl()}/equitiesCentre/confirmEmail?t=${encodeURIComponent(emailToken(userId, email, now))}`;
  const text = fmt(t.confirmBody, { site, url });
  await mailAdapter(db).send(
    {
      to: email,
      subject: t.confirmSubject,
      text,
      html: `<p>${escapeHtml(text).replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)}</p>`,
      headers: {},
    },
    now,
  );
}

/** ConfirmAlertEmail (no login): the link of the confirmation mail; valid while the address is still the user's. */
export async function confirmEmail(db: Db, token: string, now: Date): Promise<{ email: string }> {
  const t = readEmailToken(token, now);
  if (!t) throw fail.invalid('token', msg('alerts.badLink'));
  const [row] = await db
    .update(alertSettings)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(alertSettings.userId, t.userId), eq(alertSettings.email, t.email)))
    .returning();
  if (!row) throw fail.invalid('token', msg('alerts.badLink'));
  return { email: t.email };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
