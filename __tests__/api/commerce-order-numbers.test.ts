// docs/commerce.md: every order has a number people can read aloud, YN-<Beijing day>-<that day's
// count>, beside its trade code: on the order, its pay info, the gateway and the records.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { getDb } from '@/lib/server/db/client';
import { gatewayView } from '@/lib/server/services/commerce/sandbox-gateway';
import { formatOrderNo, ORDER_NO_RE, orderDay } from '@/lib/server/services/commerce/trade-code';
import { ok } from '../support/api-client';
import { fakeClock } from '../support/clock';
import { buy, levels, payInfo, registerUser, seedCatalogue } from '../support/commerce';

let L: Record<string, MemberLevelDTO>;
let clock: ReturnType<typeof fakeClock> | undefined;
beforeAll(async () => {
  await seedCatalogue();
  L = await levels();
});
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

const count = (orderNo: string) => Number(orderNo.split('-')[2]);

describe('order numbers', () => {
  it('count each Beijing day from 0001, and start again at Beijing midnight (16:00 UTC)', async () => {
    // 2031-03-04 23:59:59 in Beijing, then its midnight.
    clock = fakeClock(Date.parse('2031-03-04T15:59:59Z'));
    const u = await registerUser();
    const first = await buy(u.token, L.silver!.id, 1);
    const second = await buy(u.token, L.gold!.id, 1);
    expect(first.orderNo).toBe('YN-20310304-0001');
    expect(second.orderNo).toBe('YN-20310304-0002');
    clock.at(Date.parse('2031-03-04T16:00:00Z'));
    // The new day's first buy finds the pending order of the day before: its number, none used up.
    expect((await buy(u.token, L.silver!.id, 1)).orderNo).toBe('YN-20310304-0001');
    const next = await buy(u.token, L.silver!.id, 3);
    expect(next.orderNo).toBe('YN-20310305-0001');
    // A repeated identical buy answers the pending order, number and all, and uses up no number.
    expect((await buy(u.token, L.silver!.id, 3)).orderNo).toBe('YN-20310305-0001');
    expect((await buy(u.token, L.gold!.id, 3)).orderNo).toBe('YN-20310305-0002');
  });

  it('never give two orders the same number, however many are made at once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => registerUser()));
    const made = await Promise.all(users.map((u) => buy(u.token, L.silver!.id, 1)));
    const numbers = made.map((o) => o.orderNo);
    for (const n of numbers) expect(n).toMatch(ORDER_NO_RE);
    expect(new Set(numbers).size).toBe(numbers.length);
    // One day, one run of counts with no gap.
    expect(new Set(numbers.map((n) => n.slice(0, 11))).size).toBe(1);
    const counts = numbers.map(count).sort((a, b) => a - b);
    expect(counts.at(-1)! - counts[0]!).toBe(counts.length - 1);
  });

  it('are on the order, its pay info, the gateway page and the purchase records', async () => {
    const u = await registerUser();
    const order = await buy(u.token, L.silver!.id, 1);
    expect(order.orderNo).toMatch(new RegExp(`^YN-${orderDay(new Date())}-\\d{4}$`));
    expect((await payInfo(u.token, order.tradeCode)).orderNo).toBe(order.orderNo);
    expect((await ok('QueryMemberOrderById', { token: u.token, query: { orderId: order.id } })).orderNo).toBe(
      order.orderNo,
    );
    const page = await ok('QueryUserMemberOrderForPageList', { token: u.token, body: { pageIndex: 1, pageSize: 10 } });
    expect(page.list.map((o) => o.orderNo)).toEqual([order.orderNo]);
    expect((await gatewayView(await getDb(), order.tradeCode, new Date()))?.orderNo).toBe(order.orderNo);
  });

  it('are written with at least four figures', () => {
    expect(formatOrderNo('20261127', 42)).toBe('YN-20261127-0042');
    expect(formatOrderNo('20261127', 12345)).toBe('YN-20261127-12345');
    expect(orderDay(new Date('2026-11-26T16:00:00Z'))).toBe('20261127');
    expect(orderDay(new Date('2026-11-26T15:59:59Z'))).toBe('20261126');
  });
});
