// docs/pricing.md: new / renew / upgrade / refused, and upgrade proration, on plain values.
import { describe, expect, it } from '@jest/globals';
import { addMonths } from 'date-fns';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import type { UserMemberDTO } from '@/lib/api/schemas/member';
import {
  daysBetween,
  priceOf,
  prorateUpgrade,
  quoteMember,
  type HeldTerm,
} from '@/lib/server/services/commerce/member-quote';
import { englishOf } from '@/lib/server/errors';

const privileges = {
  historyMonths: 12,
  regionDepth: 'national',
  forecast: false,
  export: false,
  dataProductDiscountPct: 0,
} as const;
/** The seeded catalogue (lib/server/seed/commerce.ts), in fen. */
const level = (code: string, rank: number, prices: [number, number, number] | null): MemberLevelDTO => ({
  id: `id-${code}`,
  code,
  nameZh: code,
  nameEn: code[0]!.toUpperCase() + code.slice(1),
  rank,
  forSale: rank > 0,
  privileges,
  prices: prices ? ([1, 3, 12] as const).map((months, i) => ({ months, priceFen: prices[i]! })) : [],
});
const free = level('free', 0, null);
const silver = level('silver', 1, [3900, 9900, 29900]);
const gold = level('gold', 2, [7900, 19900, 59900]);
const platinum = level('platinum', 3, [15900, 39900, 119900]);
const SOLD = [silver, gold, platinum];
const DAY = 86_400_000;
const now = new Date('2030-03-10T04:00:00Z');
const holding = (l: MemberLevelDTO, endsAt: string | Date, startsAt = '2030-01-01T00:00:00Z'): UserMemberDTO => ({
  levelId: l.id,
  levelCode: l.code,
  levelName: l.nameEn,
  rank: l.rank,
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(endsAt).toISOString(),
  privileges,
});
/** What a paid order for `months` of `l` starting at `at` writes (kinds/member.ts). */
const bought = (l: MemberLevelDTO, months: 1 | 3 | 12, at: Date): HeldTerm => {
  const endsAt = addMonths(at, months);
  return { months, rangeDays: daysBetween(at, endsAt), startsAt: at, endsAt, valueFen: priceOf(l, months)! };
};

/** A small deterministic generator, so a failing case can be replayed. */
function* randomCases(n: number) {
  let x = 20260314;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < n; i++) {
    const lo = Math.floor(next() * 2);
    const hi = lo + 1 + Math.floor(next() * (2 - lo));
    const months = ([1, 3, 12] as const)[Math.floor(next() * 3)]!;
    yield { low: SOLD[lo]!, high: SOLD[hi]!, months, elapsed: next() };
  }
}

describe('upgrade proration', () => {
  it('charges Silver 1 month then Platinum at once as Platinum 1 month: ¥39 + ¥120, not ¥39 + ¥112.98', () => {
    const term = bought(silver, 1, now);
    const q = quoteMember(platinum, holding(silver, term.endsAt, now.toISOString()), silver, now, [term]);
    expect(q).toMatchObject({ action: 'upgrade', priceFen: 12000, remainingDays: 31 });
    if (q.action === 'upgrade') expect(q.proration).toMatchObject({ newPriceFen: 15900, creditFen: 3900 });
  });

  it('never costs less than buying the higher level directly for the same period (500 random cases)', () => {
    for (const c of randomCases(500)) {
      const term = bought(c.low, c.months, now);
      const at = new Date(now.getTime() + Math.floor(c.elapsed * (term.endsAt.getTime() - now.getTime())));
      const p = prorateUpgrade({ terms: [term], membershipEndsAt: term.endsAt, held: c.low, target: c.high, now: at });
      const days = daysBetween(at, term.endsAt);
      // The higher level's price for the remaining days at the rate of the range bought …
      const direct = (priceOf(c.high, c.months)! * days) / term.rangeDays;
      // … is never more than the upgrade plus the part of the cheap purchase given up for it.
      expect(p.priceFen + (priceOf(c.low, c.months)! * days) / term.rangeDays).toBeGreaterThanOrEqual(direct - 1e-9);
      expect(p.priceFen).toBeGreaterThanOrEqual(0);
      // Upgrading the moment the cheap level is bought costs exactly the higher level in all.
      const atOnce = prorateUpgrade({ terms: [term], membershipEndsAt: term.endsAt, held: c.low, target: c.high, now });
      expect(priceOf(c.low, c.months)! + atOnce.priceFen).toBe(priceOf(c.high, c.months)!);
    }
  });

  it('upgrading twice at once still costs the top level: Silver → Gold → Platinum for 3 months', () => {
    const s = bought(silver, 3, now);
    const toGold = prorateUpgrade({ terms: [s], membershipEndsAt: s.endsAt, held: silver, target: gold, now });
    // The Gold stretch is worth what was paid for it: the credit carried over plus the charge.
    const g: HeldTerm = { ...s, valueFen: toGold.creditFen + toGold.priceFen };
    const toPlatinum = prorateUpgrade({ terms: [g], membershipEndsAt: g.endsAt, held: gold, target: platinum, now });
    expect(9900 + toGold.priceFen + toPlatinum.priceFen).toBe(39900);
  });

  it('prices each stretch at its own range: 1 month then a 12-month renewal', () => {
    const first = bought(silver, 1, now);
    const renewal = bought(silver, 12, first.endsAt);
    const at = new Date(now.getTime() + 10 * DAY);
    const p = prorateUpgrade({
      terms: [renewal, first],
      membershipEndsAt: renewal.endsAt,
      held: silver,
      target: gold,
      now: at,
    });
    expect(p.parts.map((x) => [x.months, x.remainingDays])).toEqual([
      [1, 21],
      [12, 365],
    ]);
    // (7900 − 3900) × 21/31 + (59900 − 29900) × 365/365
    expect(p.priceFen).toBe(Math.ceil((7900 * 21) / 31 + 59900) - Math.floor((3900 * 21) / 31 + 29900));
    expect(p.newPriceFen - p.creditFen).toBe(p.priceFen);
  });

  it('values a stretch no order paid for (seeded, granted) at the 12-month price of the level held', () => {
    const p = prorateUpgrade({
      terms: [],
      membershipEndsAt: new Date(now.getTime() + 73 * DAY),
      held: silver,
      target: gold,
      now,
    });
    expect(p).toMatchObject({ remainingDays: 73, newPriceFen: 11980, creditFen: 5980, priceFen: 6000 });
  });

  it('is never below zero, even when what was paid is worth more than the new level now costs', () => {
    const term = { ...bought(gold, 1, now), valueFen: 50_000 };
    const p = prorateUpgrade({ terms: [term], membershipEndsAt: term.endsAt, held: gold, target: platinum, now });
    expect(p.priceFen).toBe(0);
    expect(p.creditFen).toBeGreaterThan(p.newPriceFen);
  });

  it('counts a started day as a whole day', () => {
    expect(daysBetween(now, new Date(now.getTime() + DAY))).toBe(1);
    expect(daysBetween(now, new Date(now.getTime() + DAY + 1))).toBe(2);
    expect(daysBetween(now, new Date(now.getTime() - 5))).toBe(0);
  });
});

describe('quoteMember', () => {
  it('without a membership (or with Free) is a new one starting now', () => {
    const q = quoteMember(silver, null, null, now);
    expect(q.action).toBe('new');
    if (q.action === 'new') expect(q.endsAtFor(1).toISOString()).toBe('2030-04-10T04:00:00.000Z');
    expect(quoteMember(silver, holding(free, '2031-01-01T00:00:00Z'), free, now).action).toBe('new');
  });

  it('the same level renews from the current end', () => {
    const q = quoteMember(silver, holding(silver, '2030-03-31T00:00:00Z'), silver, now);
    expect(q.action).toBe('renew');
    if (q.action === 'renew') {
      expect(q.effectiveAt.toISOString()).toBe('2030-03-31T00:00:00.000Z');
      expect(q.endsAtFor(3).toISOString()).toBe('2030-06-30T00:00:00.000Z');
    }
  });

  it('a higher level is an upgrade to the unchanged end date', () => {
    const q = quoteMember(gold, holding(silver, '2030-03-27T09:00:00Z'), silver, now);
    expect(q).toMatchObject({ action: 'upgrade', remainingDays: 18, endsAt: new Date('2030-03-27T09:00:00Z') });
  });

  it('a lower level is refused while the higher one runs, saying until when', () => {
    const q = quoteMember(silver, holding(gold, '2030-05-01T00:00:00Z'), gold, now);
    expect(q.action).toBe('refused');
    expect(q.action === 'refused' && englishOf(q.reason)).toBe(
      'You are a Gold member until 2030-05-01; a lower level (Silver) cannot be bought while it is active. You can buy Silver after 2030-05-01.',
    );
  });
});
