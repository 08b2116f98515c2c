import 'server-only';
import type { DataProductOrderDetail, OrderDTO } from '@/lib/api/schemas/commerce';
import type { Db } from '../../db/client';
import { fail } from '../../errors';
import { buyerOf, dataProduct, refusalOf, regionPrice } from './data-product-catalogue';
import { createOrReuseOrder, monthsEn, toOrderDTO } from './orders';
import { msg } from '@/lib/i18n/server-messages';

const monthsZh = (m: number) => `${m}个月`;

/**
 * SubmitDataProductBuyOrder (docs/commerce.md): one order line per region, each at the
 * catalogue price less the buyer's member discount; the client never sends a price. A repeat
 * of the same buy (same product and set of regions) while its order is pending returns it.
 */
export async function submitDataProductOrder(
  db: Db,
  userId: string,
  input: { productId: string; regionIds: string[] },
  now: Date,
): Promise<OrderDTO> {
  const [product, buyer] = await Promise.all([dataProduct(db, input.productId, now), buyerOf(db, userId, now)]);
  const refused = refusalOf(product, buyer);
  if (refused) {
    const level = product.minLevel;
    throw fail.forbidden(refused, {
      reason: 'level',
      level: level ? { code: level.code, nameZh: level.nameZh, nameEn: level.nameEn } : undefined,
    });
  }
  const regionIds = [...input.regionIds].sort();
  const regions = regionIds.map((id) => {
    const r = product.regions.find((x) => x.id === id);
    if (!r)
      throw fail.invalid(
        'regionIds',
        msg('commerce.notSoldInRegion', { product: { en: product.nameEn, 'zh-CN': product.nameZh }, region: id }),
      );
    return r;
  });
  const priced = regions.map((r) => ({ ...r, ...regionPrice(product, r, buyer) }));
  const amountFen = priced.reduce((sum, r) => sum + r.priceFen, 0);
  const detail: DataProductOrderDetail = {
    productCode: product.code,
    productNameZh: product.nameZh,
    productNameEn: product.nameEn,
    categoryCode: product.categoryCode,
    months: product.months,
    discountPct: buyer.discountPct,
    levelCode: buyer.discountPct > 0 ? (buyer.level?.code ?? null) : null,
    regions: priced.map((r) => ({
      regionId: r.id,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      listPriceFen: r.listPriceFen,
      priceFen: r.priceFen,
    })),
  };
  const titleZh = `${product.nameZh}（${regions.map((r) => r.nameZh).join('、')}，${monthsZh(product.months)}）`;
  const titleEn = `${product.nameEn} (${regions.map((r) => r.nameEn).join(', ')}; ${monthsEn(product.months)})`;
  const { order } = await createOrReuseOrder(
    db,
    {
      userId,
      kind: 'data_product',
      // The price is part of "the same buy": a membership bought meanwhile changes the discount, so a new order.
      dedupeKey: `dp:${product.code}:${regionIds.join(',')}:${amountFen}`,
      amountFen,
      titleZh,
      titleEn,
      detail,
      // An archive region says so on its line: what was bought ended on its last price.
      lines: priced.map((r) => ({
        ref: r.id,
        labelZh: `${product.nameZh} · ${r.nameZh}${r.current ? '' : `（历史数据，至 ${r.to}）`} · ${monthsZh(product.months)}`,
        labelEn: `${product.nameEn} · ${r.nameEn}${r.current ? '' : ` (archive to ${r.to})`} · ${monthsEn(product.months)}`,
        amountFen: r.priceFen,
      })),
    },
    now,
  );
  return toOrderDTO(db, order);
}
