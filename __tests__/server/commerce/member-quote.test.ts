// docs/pricing.md: new / renew / upgrade / refused, and the upgrade formula, on plain values.
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import type { UserMemberDTO } from '@/lib/api/schemas/member';
import { quoteMember, remainingDays, upgradePriceFen } from '@/lib/server/services/commerce/member-quote';
import { englishOf } from '@/lib/server/errors';

const privileges = {
  historyMonths: 12,
  regionDepth: 'national',
  forecast: false,
  export: false,
  dataProductDiscountPct: 0,
} as const;
const level = (code: string, rank: number, year: number): MemberLevelDTO => ({
  id: `id-${code}`,
  code,
  nameZh: code,
  nameEn: code[0]!.toUpperCase() + code.slice(1),
  rank,
  forSale: rank > 0,
  privileges,
  prices: year
    ? [
        { months: 1, priceFen: Math.round(year / 8) },
        { months: 12, priceFen: year },
      ]
    : [],
});
const free = level('free', 0, 0);
const silver = level('silver', 1, 29900);
const gold = level('gold', 2, 59900);
const now = new Date('2030-03-10T04:00:00Z');
const holding = (l: MemberLevelDTO, endsAt: string): UserMemberDTO => ({
  levelId: l.id,
  levelCode: l.code,
  levelName: l.nameEn,
  rank: l.rank,
  startsAt: '2030-01-01T00:00:00Z',
  endsAt,
  privileges,
});

describe('upgrade price', () => {
  it('is ceil((dailyB − dailyA) × days) with daily = 12-month price / 365, exact in fen', () => {
    expect(upgradePriceFen(29900, 59900, 18)).toBe(1480); // 30000 × 18 / 365 = 1479.45…
    expect(upgradePriceFen(29900, 59900, 365)).toBe(30000);
    expect(upgradePriceFen(29900, 59900, 73)).toBe(6000); // exact: no rounding up
    expect(upgradePriceFen(29900, 59900, 1)).toBe(83); // 82.19…
    expect(upgradePriceFen(29900, 59900, 0)).toBe(0);
  });

  it('counts a started day as a whole day', () => {
    expect(remainingDays(new Date(now.getTime() + 86_400_000), now)).toBe(1);
    expect(remainingDays(new Date(now.getTime() + 86_400_000 + 1), now)).toBe(2);
    expect(remainingDays(new Date(now.getTime() - 5), now)).toBe(0);
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
    expect(q).toMatchObject({
      action: 'upgrade',
      remainingDays: 18,
      priceFen: 1480,
      endsAt: new Date('2030-03-27T09:00:00Z'),
    });
  });

  it('a lower level is refused while the higher one runs, saying until when', () => {
    const q = quoteMember(silver, holding(gold, '2030-05-01T00:00:00Z'), gold, now);
    expect(q.action).toBe('refused');
    expect(q.action === 'refused' && englishOf(q.reason)).toBe(
      'You are a Gold member until 2030-05-01; a lower level (Silver) cannot be bought while it is active. You can buy Silver after 2030-05-01.',
    );
  });
});
