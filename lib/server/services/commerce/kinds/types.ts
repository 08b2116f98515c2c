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
  /**
   * Runs in the settlement transaction before the order is marked paid: why what the order was
   * priced on no longer holds (the payment is then left for a refund), or null when it still does.
   */
  recheck?: (tx: Tx, order: OrderRow, now: Date) => Promise<string | null>;
  /**
   * Runs in a refund's transaction (services/commerce/refund.ts): ends or shortens what the paid
   * order granted, by what of it is still to run, and says what the grants were before and after.
   */
  revoke: (tx: Tx, order: OrderRow, now: Date) => Promise<{ before: unknown; after: unknown }>;
};
