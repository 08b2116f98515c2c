import 'server-only';
import type { OrderKind } from '@/lib/api/schemas/commerce';
import { memberKind } from './member';
import type { OrderKindDef } from './types';

/**
 * The grant step of each order kind. Data-product orders (issue 4, phase 2)
 * add `data_product: dataProductKind` here; nothing else in payment changes.
 */
export const orderKinds: { [K in OrderKind]?: OrderKindDef } = {
  member: memberKind,
};
