import 'server-only';
import { and, count, countDistinct, eq, gt, gte, lte, max, min, sum } from 'drizzle-orm';
import type { Dashboard } from '@/lib/api/console/schemas/dashboard';
import type { Db } from '../../db/client';
import {
  countries,
  dataSources,
  feedbacks,
  memberLevels,
  orders,
  productSources,
  sourceFeeds,
  userMemberships,
  users,
} from '../../db/schema';
import { beijingDayOf, beijingDayStart, beijingMonthStart, lastDays } from './beijing';
import { toFeed, type Wrote } from './source-feeds';
import { lastImportRows } from './sources-status';

const DAYS = 30;

/** ConsoleDashboard: what the people running the portal look at first (docs/console.md). */
export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const today = beijingDayStart(now);
  const month = beijingMonthStart(now);
  const days = lastDays(now, DAYS);
  const since = new Date(today.getTime() - (DAYS - 1) * 86_400_000);
  const first = since < month ? since : month;

  const paidDay = beijingDayOf(orders.paidAt);
  const sales = await db
    .select({ day: paidDay, orders: count(), revenue: sum(orders.amountFen) })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, first)))
    .groupBy(paidDay);
  const joinDay = beijingDayOf(users.createdAt);
  const signups = await db
    .select({ day: joinDay, n: count() })
    .from(users)
    .where(gte(users.createdAt, first))
    .groupBy(joinDay);

  const saleOf = new Map(sales.map((s) => [s.day, { orders: s.orders, revenueFen: Number(s.revenue ?? 0) }]));
  const usersOf = new Map(signups.map((s) => [s.day, s.n]));
  const monthDay = days.find((d) => d >= new Date(month.getTime() + 8 * 3600_000).toISOString().slice(0, 10));
  const inMonth = (d: string) => (monthDay ? d >= monthDay : false);
  const sumSales = (ds: string[]) =>
    ds.reduce(
      (a, d) => {
        const s = saleOf.get(d);
        return s ? { orders: a.orders + s.orders, revenueFen: a.revenueFen + s.revenueFen } : a;
      },
      { orders: 0, revenueFen: 0 },
    );
  const monthDays = [...new Set([...saleOf.keys(), ...usersOf.keys()])].filter(inMonth);
  const todayKey = days[days.length - 1]!;

  const members = await db
    .select({
      code: memberLevels.code,
      en: memberLevels.nameEn,
      zh: memberLevels.nameZh,
      rank: memberLevels.rank,
      count: countDistinct(userMemberships.userId),
    })
    .from(userMemberships)
    .innerJoin(memberLevels, eq(memberLevels.id, userMemberships.levelId))
    .where(and(lte(userMemberships.startsAt, now), gt(userMemberships.endsAt, now)))
    .groupBy(memberLevels.id)
    .orderBy(memberLevels.rank);

  const [waiting] = await db
    .select({ n: count(), oldest: min(feedbacks.updatedAt) })
    .from(feedbacks)
    .where(eq(feedbacks.status, 'pending'));

  const fresh = await db
    .select({
      country: productSources.countryCode,
      en: countries.nameEn,
      zh: countries.nameZh,
      source: dataSources.name,
      sourceId: dataSources.id,
      lastDay: max(productSources.lastDay),
      importedAt: max(productSources.importedAt),
    })
    .from(productSources)
    .innerJoin(dataSources, eq(dataSources.id, productSources.sourceId))
    .innerJoin(countries, eq(countries.code, productSources.countryCode))
    .groupBy(productSources.countryCode, countries.nameEn, countries.nameZh, dataSources.id, dataSources.name)
    .orderBy(productSources.countryCode, dataSources.name);
  const rowsOf = await lastImportRows(db);
  const feeds = await db.select().from(sourceFeeds).orderBy(sourceFeeds.name);
  // A row's next refresh: the soonest of the enabled sources whose last import wrote it.
  const nextOf = (country: string, sourceId: number) =>
    feeds
      .filter((f) => f.enabled && (f.wrote as Wrote).some((w) => w.country === country && w.sourceId === sourceId))
      .map((f) => f.nextRunAt.toISOString())
      .sort()[0] ?? null;

  return {
    asOf: now.toISOString(),
    sales: {
      today: saleOf.get(todayKey) ?? { orders: 0, revenueFen: 0 },
      month: sumSales(monthDays),
      days: days.map((day) => ({ day, ...(saleOf.get(day) ?? { orders: 0, revenueFen: 0 }) })),
    },
    users: {
      today: usersOf.get(todayKey) ?? 0,
      month: monthDays.reduce((a, d) => a + (usersOf.get(d) ?? 0), 0),
      days: days.map((day) => ({ day, count: usersOf.get(day) ?? 0 })),
    },
    members: members.map((r) => ({ code: r.code, name: { en: r.en, zh: r.zh }, rank: r.rank, count: r.count })),
    feedback: { waiting: waiting?.n ?? 0, oldestAt: waiting?.oldest ? waiting.oldest.toISOString() : null },
    // Each source's own last import, and its next refresh when a source fetched from a URL wrote it
    // (docs/console.md "Dashboard").
    freshness: fresh.map((r) => ({
      country: r.country,
      countryName: { en: r.en, zh: r.zh },
      source: r.source,
      lastDay: r.lastDay ?? '',
      lastImportAt: r.importedAt ? r.importedAt.toISOString() : null,
      lastImportRows: rowsOf(r.country, r.importedAt),
      nextRefreshAt: nextOf(r.country, r.sourceId),
    })),
    feeds: feeds.map(toFeed),
    failing: feeds
      .filter((f) => f.enabled && (f.lastOutcome === 'failed' || f.lastOutcome === 'refused') && f.lastRunAt)
      .map(toFeed)
      .map((f) => ({
        source: f.name,
        at: f.lastRunAt!,
        error: f.lastError ?? f.lastOutcome!,
        errorRef: f.lastErrorRef,
      })),
  };
}
