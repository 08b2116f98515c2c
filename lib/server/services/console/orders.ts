import 'server-only';
import { and, count, desc, eq, gte, like, lt, lte, or, sql, sum, type SQL } from 'drizzle-orm';
import type { ConsoleOrder, ConsoleOrderPage, OrderQuery } from '@/lib/api/console/schemas/orders';
import { msg } from '@/lib/i18n/server-messages';
import type { Db, Tx } from '../../db/client';
import { orders, refunds, users } from '../../db/schema';
import { fail } from '../../errors';
import { closeExpired, type OrderRow, toOrderDTO } from '../commerce/orders';

type Conn = Db | Tx;

/** ConsoleOrders: every customer's orders under the filters, newest first, with the total and sums. */
export async function listOrders(db: Db, q: OrderQuery, now: Date): Promise<ConsoleOrderPage> {
  // Orders whose 30 minutes are over read as closed here as everywhere (only those rows change).
  await closeExpired(db, sql`true`, now);
  const conds: (SQL | undefined)[] = [];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.kind) conds.push(eq(orders.kind, q.kind));
  if (q.phone)
    conds.push(
      q.phone.length === 11 ? eq(users.phone, q.phone) : or(eq(users.phone, q.phone), like(users.phone, `%${q.phone}`)),
    );
  if (q.from) conds.push(gte(orders.createdAt, new Date(q.from)));
  if (q.to) conds.push(lt(orders.createdAt, new Date(q.to)));
  if (q.minFen !== undefined) conds.push(gte(orders.amountFen, q.minFen));
  if (q.maxFen !== undefined) conds.push(lte(orders.amountFen, q.maxFen));
  const where = and(...conds);
  const [totals] = await db
    .select({
      total: count(),
      paidFen: sum(sql`case when ${orders.status} = 'paid' then ${orders.amountFen} else 0 end`),
      refundedFen: sum(sql`case when ${orders.status} = 'refunded' then ${orders.amountFen} else 0 end`),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const rows = await db
    .select({ o: orders, phone: users.phone, nickname: users.nickname })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    total: totals?.total ?? 0,
    sums: { paidFen: Number(totals?.paidFen ?? 0), refundedFen: Number(totals?.refundedFen ?? 0) },
    items: rows.map(({ o, phone, nickname }) => ({
      id: o.id,
      orderNo: o.orderNo,
      kind: o.kind as ConsoleOrderPage['items'][number]['kind'],
      status: o.status as ConsoleOrderPage['items'][number]['status'],
      amountFen: o.amountFen,
      titleZh: o.titleZh,
      titleEn: o.titleEn,
      provider: o.provider,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      refundedAt: o.refundedAt?.toISOString() ?? null,
      buyer: { id: o.userId, phone, nickname },
    })),
  };
}

/** ConsoleOrder: the order as its buyer sees it, plus who bought it and how it was refunded. */
export async function orderDetail(db: Conn, orderId: string, now: Date, row?: OrderRow): Promise<ConsoleOrder> {
  if (!row) await closeExpired(db, eq(orders.id, orderId), now);
  const [o] = row ? [row] : await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw fail.notFound(msg('console.noOrder'));
  const [u] = await db
    .select({ id: users.id, phone: users.phone, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, o.userId));
  const [r] = await db.select().from(refunds).where(eq(refunds.orderId, o.id));
  return {
    order: await toOrderDTO(db, o),
    buyer: u!,
    refundedAt: o.refundedAt?.toISOString() ?? null,
    refund: r
      ? {
          provider: r.provider,
          providerRefundId: r.providerRefundId,
          amountFen: r.amountFen,
          reason: r.reason,
          actorName: r.actorName,
          createdAt: r.createdAt.toISOString(),
        }
      : null,
    refundable: o.status === 'paid',
  };
}
