import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import type { Db, Tx } from '../../db/client';
import { memberLevels, memberRangePrices } from '../../db/schema';
import { fail } from '../../errors';
import { isUuid } from './orders';
import { msg } from '@/lib/i18n/server-messages';

/** Every level with its range prices, lowest rank first (Free included: it has no prices). */
export async function listMemberLevels(db: Db | Tx): Promise<MemberLevelDTO[]> {
  const levels = await db.select().from(memberLevels).orderBy(asc(memberLevels.rank));
  const prices = await db.select().from(memberRangePrices).orderBy(asc(memberRangePrices.months));
  return levels.map((l) => ({
    id: l.id,
    code: l.code,
    nameZh: l.nameZh,
    nameEn: l.nameEn,
    rank: l.rank,
    forSale: l.forSale,
    privileges: l.privileges as MemberPrivileges,
    prices: prices.filter((p) => p.levelId === l.id).map((p) => ({ months: p.months, priceFen: p.priceFen })),
  }));
}

/** The levels on sale, as the membership pages show them (rendered on the server, before any login is known). */
export async function levelsOnSale(db: Db | Tx): Promise<MemberLevelDTO[]> {
  return (await listMemberLevels(db)).filter((l) => l.forSale);
}

export async function memberLevel(db: Db | Tx, id: string): Promise<MemberLevelDTO> {
  const found = isUuid(id) ? (await listMemberLevels(db)).find((l) => l.id === id) : undefined;
  if (!found) throw fail.notFound(msg('commerce.levelNotFound'));
  return found;
}

export async function levelIdByCode(db: Db | Tx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: memberLevels.id }).from(memberLevels).where(eq(memberLevels.code, code));
  return row?.id;
}
