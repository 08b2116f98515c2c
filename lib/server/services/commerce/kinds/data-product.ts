import 'server-only';
import { sql } from 'drizzle-orm';
import { dataProductOrderDetailSchema } from '@/lib/api/schemas/commerce';
import type { OrderKindDef } from './types';

/**
 * A paid data-product order: each region bought runs `months` months from the later of now
 * and the end of what the user already holds there (docs/commerce.md). One upsert per region on
 * the (user, product, region) key, inside the settlement transaction, so a repeated notify
 * (which never reaches here) or a concurrent one cannot grant twice.
 */
export const dataProductKind: OrderKindDef = {
  async grant(tx, order, now) {
    const d = dataProductOrderDetailSchema.parse(order.detail);
    const at = now.toISOString();
    const months = `${d.months} months`;
    for (const r of d.regions) {
      await tx.execute(sql`
        INSERT INTO user_data_product_auths (user_id, product_code, region_id, starts_at, ends_at, source_order_id, created_at, updated_at)
        VALUES (${order.userId}, ${d.productCode}, ${r.regionId}, ${at}::timestamptz, ${at}::timestamptz + ${months}::interval, ${order.id}, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (user_id, product_code, region_id) DO UPDATE SET
          starts_at = CASE WHEN user_data_product_auths.ends_at > ${at}::timestamptz THEN user_data_product_auths.starts_at ELSE ${at}::timestamptz END,
          ends_at = greatest(user_data_product_auths.ends_at, ${at}::timestamptz) + ${months}::interval,
          source_order_id = excluded.source_order_id,
          updated_at = excluded.updated_at`);
    }
  },
};
