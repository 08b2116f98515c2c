import 'server-only';
import { addMonths } from 'date-fns';
import type { MemberLevelDTO, MemberOfferDTO, MemberMonths } from '@/lib/api/schemas/commerce';
import type { UserMemberDTO } from '@/lib/api/schemas/member';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';
import { englishOf } from '../../errors';

const DAY_MS = 86_400_000;

export const priceOf = (level: MemberLevelDTO, months: number) =>
  level.prices.find((p) => p.months === months)?.priceFen ?? null;

/** Whole days left, a started day counting as one. */
export const remainingDays = (endsAt: Date, now: Date) =>
  Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));

/**
 * Upgrade price (docs/pricing.md): ceil((dailyB − dailyA) × remaining days) with
 * daily = 12-month price / 365. Computed on integers (fen × days / 365) so no
 * floating-point rounding can add or lose a fen.
 */
export function upgradePriceFen(yearFromFen: number, yearToFen: number, days: number): number {
  const diff = Math.max(0, yearToFen - yearFromFen) * days;
  return Math.floor((diff + 364) / 365);
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
    }
  | { action: 'refused'; reason: MessageRef };

const day = (d: Date) => d.toISOString().slice(0, 10);
/** A level's name in both languages, for messages. */
export const levelName = (l: { nameEn: string; nameZh: string }) => ({ en: l.nameEn, 'zh-CN': l.nameZh });

/** What buying `target` means for a user whose membership in force is `current` (of level `currentLevel`). */
export function quoteMember(
  target: MemberLevelDTO,
  current: UserMemberDTO | null,
  currentLevel: MemberLevelDTO | null,
  now: Date,
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
  const days = remainingDays(end, now);
  const priceFen = upgradePriceFen(priceOf(currentLevel, 12) ?? 0, priceOf(target, 12) ?? 0, days);
  return { action: 'upgrade', priceFen, remainingDays: days, effectiveAt: now, endsAt: end, from: currentLevel };
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
