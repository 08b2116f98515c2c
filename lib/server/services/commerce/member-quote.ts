import 'server-only';
import { addMonths } from 'date-fns';
import type { MemberLevelDTO, MemberOfferDTO, MemberMonths } from '@/lib/api/schemas/commerce';
import type { UserMemberDTO } from '@/lib/api/schemas/member';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';
import { englishOf } from '../../errors';

const DAY_MS = 86_400_000;

export const priceOf = (level: MemberLevelDTO, months: number) =>
  level.prices.find((p) => p.months === months)?.priceFen ?? null;

/** One stretch of the membership held, as bought (member_terms, or the uncovered rest: see prorateUpgrade). */
export type HeldTerm = { months: number; rangeDays: number; startsAt: Date; endsAt: Date; valueFen: number };

/** One stretch of an upgrade: its remaining days, the new level's price for them and their unused value. */
export type UpgradePart = {
  months: number;
  rangeDays: number;
  startsAt: Date;
  endsAt: Date;
  remainingDays: number;
  /** The new level's price for the remaining days at the rate of the range held (fen, exact). */
  newFen: number;
  /** The unused part of what was paid for this stretch (fen, exact). */
  creditFen: number;
};

export type Proration = {
  /** What the member pays: max(0, newPriceFen − creditFen). */
  priceFen: number;
  /** The new level's price for the remaining period (rounded up). */
  newPriceFen: number;
  /** The unused value of what the member paid (rounded down). */
  creditFen: number;
  remainingDays: number;
  parts: UpgradePart[];
};

// Sums of exact shares can land a hair off an integer in floating point; amounts stay < 10^8 fen.
const EPS = 1e-6;
/** Whole days from `a` to `b`, a started day counting as one. */
export const daysBetween = (a: Date, b: Date) => Math.max(0, Math.ceil((b.getTime() - a.getTime()) / DAY_MS));

/**
 * Upgrade price (docs/pricing.md), as Stripe prorates: for each stretch of the membership
 * still to run, the new level's price for its remaining days at the rate of the range it was
 * bought at (price of that range ÷ its days), minus the unused share of what was paid for it.
 * Stretches of the membership that no order paid for (granted, seeded, or from before terms
 * were kept) count as bought for 12 months at the current catalogue price of the level held.
 * Rounded in the shop's favour by at most a fen each way, never below zero: buying cheap and
 * upgrading at once costs exactly the higher level, and never less.
 */
export function prorateUpgrade(input: {
  terms: HeldTerm[];
  membershipEndsAt: Date;
  held: MemberLevelDTO;
  target: MemberLevelDTO;
  now: Date;
}): Proration {
  const { terms, membershipEndsAt, held, target, now } = input;
  const remainingDays = daysBetween(now, membershipEndsAt);
  const parts: UpgradePart[] = [];
  let covered = 0;
  const live = terms.filter((t) => t.endsAt > now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const t of live) {
    const from = t.startsAt > now ? t.startsAt : now;
    const days = Math.min(daysBetween(from, t.endsAt), remainingDays - covered);
    if (days <= 0) continue;
    covered += days;
    const termDays = Math.max(1, daysBetween(t.startsAt, t.endsAt));
    const rate = priceOf(target, t.months) ?? (priceOf(target, 12) ?? 0) * (t.rangeDays / 365);
    parts.push({
      months: t.months,
      rangeDays: t.rangeDays,
      startsAt: from,
      endsAt: t.endsAt,
      remainingDays: days,
      newFen: (rate * days) / t.rangeDays,
      creditFen: (t.valueFen * days) / termDays,
    });
  }
  const uncovered = remainingDays - covered;
  if (uncovered > 0) {
    parts.unshift({
      months: 12,
      rangeDays: 365,
      startsAt: now,
      endsAt: new Date(Math.min(membershipEndsAt.getTime(), now.getTime() + uncovered * DAY_MS)),
      remainingDays: uncovered,
      newFen: ((priceOf(target, 12) ?? 0) * uncovered) / 365,
      creditFen: ((priceOf(held, 12) ?? 0) * uncovered) / 365,
    });
  }
  const newPriceFen = Math.ceil(parts.reduce((a, p) => a + p.newFen, 0) - EPS);
  const creditFen = Math.floor(parts.reduce((a, p) => a + p.creditFen, 0) + EPS);
  return { priceFen: Math.max(0, newPriceFen - creditFen), newPriceFen, creditFen, remainingDays, parts };
}

export type Quote =
  | { action: 'new'; effectiveAt: Date; endsAtFor: (months: MemberMonths) => Date }
  | { action: 'renew'; effectiveAt: Date; endsAtFor: (months: MemberMonths) => Date }
  | {
      action: 'upgrade';
      priceFen: number;
      remainingDays: number;
      effectiveAt: Date;
      endsAt: Date;
      from: MemberLevelDTO;
      proration: Proration;
    }
  | { action: 'refused'; reason: MessageRef };

const day = (d: Date) => d.toISOString().slice(0, 10);
/** A level's name in both languages, for messages. */
export const levelName = (l: { nameEn: string; nameZh: string }) => ({ en: l.nameEn, 'zh-CN': l.nameZh });

/**
 * What buying `target` means for a user whose membership in force is `current` (of level
 * `currentLevel`, bought as `terms`).
 */
export function quoteMember(
  target: MemberLevelDTO,
  current: UserMemberDTO | null,
  currentLevel: MemberLevelDTO | null,
  now: Date,
  terms: HeldTerm[] = [],
): Quote {
  // An expired membership counts as none, and so does the Free level (it is not sold).
  if (!current || !currentLevel || currentLevel.rank <= 0) {
    return { action: 'new', effectiveAt: now, endsAtFor: (m) => addMonths(now, m) };
  }
  const end = new Date(current.endsAt);
  if (target.rank === currentLevel.rank) {
    return { action: 'renew', effectiveAt: end, endsAtFor: (m) => addMonths(end, m) };
  }
  if (target.rank < currentLevel.rank) {
    return {
      action: 'refused',
      reason: msg('commerce.lowerLevel', {
        current: levelName(currentLevel),
        target: levelName(target),
        end: day(end),
      }),
    };
  }
  const proration = prorateUpgrade({ terms, membershipEndsAt: end, held: currentLevel, target, now });
  return {
    action: 'upgrade',
    priceFen: proration.priceFen,
    remainingDays: proration.remainingDays,
    effectiveAt: now,
    endsAt: end,
    from: currentLevel,
    proration,
  };
}

export function offerOf(q: Quote): MemberOfferDTO {
  switch (q.action) {
    case 'refused':
      return {
        action: 'refused',
        upPriceFen: null,
        remainingDays: null,
        effectiveAt: null,
        endsAt: null,
        refusedReason: englishOf(q.reason),
        refusedMessage: q.reason,
      };
    case 'upgrade':
      return {
        action: 'upgrade',
        upPriceFen: q.priceFen,
        remainingDays: q.remainingDays,
        effectiveAt: q.effectiveAt.toISOString(),
        endsAt: q.endsAt.toISOString(),
        refusedReason: null,
        refusedMessage: null,
      };
    default:
      return {
        action: q.action,
        upPriceFen: null,
        remainingDays: null,
        effectiveAt: q.effectiveAt.toISOString(),
        endsAt: null,
        refusedReason: null,
        refusedMessage: null,
      };
  }
}
