import 'server-only';
import type { OrderKind } from '@/lib/api/schemas/commerce';
import { dataProductKind } from './data-product';
import { memberKind } from './member';
import type { OrderKindDef } from './types';

/** The grant step of each order kind; nothing else in payment differs between kinds. */
export const orderKinds: { [K in OrderKind]?: OrderKindDef } = {
  member: memberKind,
  data_product: dataProductKind,
};
