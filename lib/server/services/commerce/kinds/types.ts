import 'server-only';
import type { Tx } from '../../../db/client';
import type { OrderRow } from '../orders';

/**
 * What differs between order kinds is only what a paid order grants. The
 * payment, notify, expiry and receipt code never looks further than this.
 */
export type OrderKindDef = {
  /** Runs inside the settlement transaction, after the order is marked paid; throwing rolls the payment back. */
  grant: (tx: Tx, order: OrderRow, now: Date) => Promise<void>;
};
