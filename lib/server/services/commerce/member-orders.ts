import 'server-only';
import type {
  LevelUpPriceDTO,
  MemberLevelDTO,
  MemberMonths,
  MemberOrderDetail,
  OrderDTO,
  UserBuyMemberInfoDTO,
} from '@/lib/api/schemas/commerce';
import { MEMBER_MONTHS } from '@/lib/api/schemas/commerce';
import type { UserMemberDTO } from '@/lib/api/schemas/member';
import type { Db } from '../../db/client';
import { fail } from '../../errors';
import { activeMembership } from '../memberships';
import { listMemberLevels, memberLevel } from './member-catalogue';
import { heldTerms } from './member-terms';
import { levelName, offerOf, priceOf, quoteMember, type HeldTerm, type Quote } from './member-quote';
import { createOrReuseOrder, monthsEn, toOrderDTO } from './orders';
import { msg } from '@/lib/i18n/server-messages';

type Situation = {
  levels: MemberLevelDTO[];
  current: UserMemberDTO | null;
  currentLevel: MemberLevelDTO | null;
  /** How the membership in force was bought, stretch by stretch (for upgrade proration). */
  terms: HeldTerm[];
};

async function situation(db: Db, userId: string, now: Date): Promise<Situation> {
  const [levels, current] = await Promise.all([listMemberLevels(db), activeMembership(db, userId, now)]);
  const currentLevel = current ? (levels.find((l) => l.id === current.levelId) ?? null) : null;
  const terms = currentLevel ? await heldTerms(db, userId, currentLevel.id, now) : [];
  return { levels, current, currentLevel, terms };
}

/** QueryMemberListHasUpPrice: the levels on sale, each with what buying it would mean for this user. */
export async function levelsWithOffers(db: Db, userId: string, now: Date) {
  const s = await situation(db, userId, now);
  return s.levels
    .filter((l) => l.forSale)
    .map((l) => ({ ...l, offer: offerOf(quoteMember(l, s.current, s.currentLevel, now, s.terms)) }));
}

/** QueryUserBuyMemberInfo: the level, the current membership, and the durations with their dates. */
export async function buyMemberInfo(db: Db, userId: string, levelId: string, now: Date): Promise<UserBuyMemberInfoDTO> {
  const level = await memberLevel(db, levelId);
  const s = await situation(db, userId, now);
  const q = level.forSale
    ? quoteMember(level, s.current, s.currentLevel, now, s.terms)
    : ({ action: 'refused', reason: msg('commerce.levelNotForSale', { level: levelName(level) }) } as const);
  const options =
    q.action === 'new' || q.action === 'renew'
      ? MEMBER_MONTHS.flatMap((m) => {
          const priceFen = priceOf(level, m);
          return priceFen === null
            ? []
            : [{ months: m, priceFen, effectiveAt: q.effectiveAt.toISOString(), endsAt: q.endsAtFor(m).toISOString() }];
        })
      : [];
  return { level, current: s.current, offer: offerOf(q), options };
}

/** QueryMemberLevelUpPrice: the prorated price of moving up to this level, or why that is not an upgrade. */
export async function levelUpPrice(db: Db, userId: string, levelId: string, now: Date): Promise<LevelUpPriceDTO> {
  const level = await memberLevel(db, levelId);
  const s = await situation(db, userId, now);
  const q = quoteMember(level, s.current, s.currentLevel, now, s.terms);
  if (q.action === 'new' || q.action === 'renew') {
    throw fail.conflict(msg(q.action === 'new' ? 'commerce.noMembershipToUpgrade' : 'commerce.alreadyHeld'));
  }
  if (q.action === 'refused') throw fail.conflict(q.reason);
  return {
    fromLevelId: q.from.id,
    toLevelId: level.id,
    priceFen: q.priceFen,
    newPriceFen: q.proration.newPriceFen,
    creditFen: q.proration.creditFen,
    remainingDays: q.remainingDays,
    parts: q.proration.parts.map((p) => ({
      months: p.months,
      remainingDays: p.remainingDays,
      newPriceFen: Math.ceil(p.newFen - 1e-6),
      creditFen: Math.floor(p.creditFen + 1e-6),
    })),
    effectiveAt: q.effectiveAt.toISOString(),
    endsAt: q.endsAt.toISOString(),
  };
}

const MONTHS_ZH: Record<MemberMonths, string> = { 1: '1个月', 3: '3个月', 12: '12个月' };

/** UserBuyMemberLevel: prices come from the catalogue here, never from the client. */
export async function buyMemberLevel(
  db: Db,
  userId: string,
  input: { memberId: string; months?: MemberMonths },
  now: Date,
): Promise<OrderDTO> {
  const level = await memberLevel(db, input.memberId);
  if (!level.forSale) throw fail.invalid('memberId', msg('commerce.levelNotForSale', { level: levelName(level) }));
  const s = await situation(db, userId, now);
  const q: Quote = quoteMember(level, s.current, s.currentLevel, now, s.terms);
  if (q.action === 'refused') throw fail.conflict(q.reason);

  let amountFen: number;
  let detail: MemberOrderDetail;
  let titles: { zh: string; en: string };
  if (q.action === 'upgrade') {
    // An order is for money; nothing to pay would need none (only when the catalogue price fell under what was paid).
    if (q.priceFen <= 0) throw fail.conflict(msg('commerce.upgradeCovered'));
    amountFen = q.priceFen;
    detail = {
      action: 'upgrade',
      levelId: level.id,
      levelCode: level.code,
      levelNameZh: level.nameZh,
      levelNameEn: level.nameEn,
      months: null,
      fromLevelCode: q.from.code,
      remainingDays: q.remainingDays,
      effectiveAt: q.effectiveAt.toISOString(),
      endsAt: q.endsAt.toISOString(),
    };
    titles = {
      zh: `${q.from.nameZh}升级${level.nameZh}（剩余${q.remainingDays}天）`,
      en: `Upgrade ${q.from.nameEn} → ${level.nameEn} (${q.remainingDays} day${q.remainingDays === 1 ? '' : 's'} left)`,
    };
  } else {
    if (input.months === undefined) throw fail.invalid('months', msg('commerce.monthsRequired'));
    const price = priceOf(level, input.months);
    if (price === null)
      throw fail.invalid(
        'months',
        msg('commerce.durationNotSold', {
          level: levelName(level),
          duration: msg('commerce.months', { months: input.months }),
        }),
      );
    amountFen = price;
    detail = {
      action: q.action,
      levelId: level.id,
      levelCode: level.code,
      levelNameZh: level.nameZh,
      levelNameEn: level.nameEn,
      months: input.months,
      fromLevelCode: s.currentLevel && s.current ? s.currentLevel.code : null,
      remainingDays: null,
      effectiveAt: q.effectiveAt.toISOString(),
      endsAt: q.endsAtFor(input.months).toISOString(),
    };
    titles =
      q.action === 'renew'
        ? {
            zh: `${level.nameZh}续费 ${MONTHS_ZH[input.months]}`,
            en: `${level.nameEn} membership renewal, ${monthsEn(input.months)}`,
          }
        : {
            zh: `${level.nameZh} ${MONTHS_ZH[input.months]}`,
            en: `${level.nameEn} membership, ${monthsEn(input.months)}`,
          };
  }

  const { order } = await createOrReuseOrder(
    db,
    {
      userId,
      kind: 'member',
      dedupeKey: `member:${level.id}:${detail.action}:${detail.months ?? 0}`,
      amountFen,
      titleZh: titles.zh,
      titleEn: titles.en,
      detail,
      lines: [{ ref: level.id, labelZh: titles.zh, labelEn: titles.en, amountFen }],
    },
    now,
  );
  return toOrderDTO(db, order);
}
