import 'server-only';
import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { OrderDTO, OrderKind, OrderStatus, PagedOrdersDTO } from '@/lib/api/schemas/commerce';
import { dataProductOrderDetailSchema, memberOrderDetailSchema } from '@/lib/api/schemas/commerce';
import type { Db, Tx } from '../../db/client';
import { orderLines, orderNumbers, orders, payments } from '../../db/schema';
import { fail } from '../../errors';
import { formatOrderNo, newTradeCode, orderDay } from './trade-code';
import { msg } from '@/lib/i18n/server-messages';

/** A term in an order's English title: 1 month, 3 months. */
export const monthsEn = (m: number) => (m === 1 ? '1 month' : `${m} months`);

/** docs/commerce.md: an order left unpaid for 30 minutes is closed. */
export const ORDER_TTL_MS = 30 * 60_000;

export type OrderRow = typeof orders.$inferSelect;
export type LineInput = { ref: string; labelZh: string; labelEn: string; amountFen: number };
export type NewOrder = {
  userId: string;
  kind: OrderKind;
  dedupeKey: string;
  amountFen: number;
  titleZh: string;
  titleEn: string;
  detail: unknown;
  lines: LineInput[];
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID_RE.test(s);
const TRADE_CODE_SHAPE = /^[A-Za-z0-9]{1,64}$/;

/**
 * Closes pending orders whose 30 minutes are over (lazily, whenever orders are
 * read or paid, so no background job is needed). `closedAt` is the moment they expired.
 */
export async function closeExpired(db: Db | Tx, scope: SQL, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'closed', closedAt: sql`${orders.expiresAt}`, closeReason: 'expired' })
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now), scope));
}

/**
 * The next order number of `now`'s Beijing day, in the order's transaction: the day's counter row
 * stays locked until that commits, so two orders never share a number and the next order waits for
 * this one (docs/commerce.md).
 */
async function nextOrderNo(tx: Tx, day: string): Promise<string> {
  const [row] = await tx
    .insert(orderNumbers)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: orderNumbers.day, set: { last: sql`${orderNumbers.last} + 1` } })
    .returning({ last: orderNumbers.last });
  return formatOrderNo(day, row!.last);
}

/**
 * Creates an order, or returns the pending one of the identical buy. The
 * partial unique index (user, dedupe key) WHERE pending makes concurrent
 * submits collapse onto one row: the losers' inserts do nothing and they read
 * the winner's order, giving back the number they took (no one else can have
 * taken one since: the counter row is still theirs), so a day's numbers have no gaps.
 */
export async function createOrReuseOrder(
  db: Db,
  input: NewOrder,
  now: Date,
): Promise<{ order: OrderRow; reused: boolean }> {
  if (!Number.isInteger(input.amountFen) || input.amountFen <= 0) throw fail.conflict(msg('commerce.nothingToPay'));
  await closeExpired(db, eq(orders.userId, input.userId), now);
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await db.transaction(async (tx) => {
      const day = orderDay(now);
      const [created] = await tx
        .insert(orders)
        .values({
          userId: input.userId,
          kind: input.kind,
          tradeCode: newTradeCode(now),
          orderNo: await nextOrderNo(tx, day),
          status: 'pending',
          amountFen: input.amountFen,
          titleZh: input.titleZh,
          titleEn: input.titleEn,
          dedupeKey: input.dedupeKey,
          detail: input.detail,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
        })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await tx.insert(orderLines).values(input.lines.map((l, i) => ({ ...l, orderId: created.id, position: i })));
        return { order: created, reused: false };
      }
      await tx
        .update(orderNumbers)
        .set({ last: sql`${orderNumbers.last} - 1` })
        .where(eq(orderNumbers.day, day));
      const [pending] = await tx
        .select()
        .from(orders)
        .where(
          and(eq(orders.userId, input.userId), eq(orders.dedupeKey, input.dedupeKey), eq(orders.status, 'pending')),
        );
      return pending ? { order: pending, reused: true } : null;
    });
    // null: the pending order we collided with was paid or closed meanwhile; try again.
    if (result) return result;
  }
  throw fail.conflict(msg('commerce.orderFailed'));
}

/** The caller's own order of that kind; anyone else's answers "not found", as an unknown id does. */
export async function ownOrder(
  db: Db,
  userId: string,
  where: { id?: string; tradeCode?: string },
  kind: OrderKind,
  now: Date,
): Promise<OrderRow> {
  if (where.id !== undefined && !isUuid(where.id)) throw fail.notFound(msg('commerce.orderNotFound'));
  if (where.tradeCode !== undefined && !TRADE_CODE_SHAPE.test(where.tradeCode))
    throw fail.notFound(msg('commerce.orderNotFound'));
  const key = where.id !== undefined ? eq(orders.id, where.id) : eq(orders.tradeCode, where.tradeCode ?? '');
  await closeExpired(db, key, now);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(key, eq(orders.userId, userId), eq(orders.kind, kind)));
  if (!row) throw fail.notFound(msg('commerce.orderNotFound'));
  return row;
}

export async function listOwnOrders(
  db: Db,
  userId: string,
  kind: OrderKind,
  page: { pageIndex: number; pageSize: number; status?: OrderStatus },
  now: Date,
): Promise<PagedOrdersDTO> {
  await closeExpired(db, eq(orders.userId, userId), now);
  const where = and(
    eq(orders.userId, userId),
    eq(orders.kind, kind),
    page.status ? eq(orders.status, page.status) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize);
  return { list: await toOrderDTOs(db, rows), total, pageIndex: page.pageIndex, pageSize: page.pageSize };
}

export async function toOrderDTOs(db: Db | Tx, rows: OrderRow[]): Promise<OrderDTO[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.position);
  const pays = await db.select().from(payments).where(inArray(payments.orderId, ids));
  return rows.map((r) => {
    const pay = pays.find((p) => p.orderId === r.id);
    const member = r.kind === 'member' ? memberOrderDetailSchema.safeParse(r.detail) : null;
    const dataProduct = r.kind === 'data_product' ? dataProductOrderDetailSchema.safeParse(r.detail) : null;
    return {
      id: r.id,
      tradeCode: r.tradeCode,
      orderNo: r.orderNo,
      kind: r.kind as OrderKind,
      status: r.status as OrderStatus,
      amountFen: r.amountFen,
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
      closedAt: r.closedAt?.toISOString() ?? null,
      closeReason: r.closeReason === 'expired' || r.closeReason === 'cancelled' ? r.closeReason : null,
      lines: lines
        .filter((l) => l.orderId === r.id)
        .map((l) => ({ ref: l.ref, labelZh: l.labelZh, labelEn: l.labelEn, amountFen: l.amountFen })),
      member: member?.success ? member.data : null,
      dataProduct: dataProduct?.success ? dataProduct.data : null,
      payment: pay
        ? {
            provider: pay.provider,
            providerTxnId: pay.providerTxnId,
            amountFen: pay.amountFen,
            paidAt: pay.paidAt.toISOString(),
          }
        : null,
    };
  });
}

export async function toOrderDTO(db: Db | Tx, row: OrderRow): Promise<OrderDTO> {
  const [dto] = await toOrderDTOs(db, [row]);
  return dto!;
}
