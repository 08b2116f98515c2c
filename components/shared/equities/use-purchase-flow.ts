'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import type { BodyOf } from '@/lib/api/contract';
import { ErrorCode } from '@/lib/api/envelope';
import { request } from '@/lib/api/request';
import { RequestError } from '@/lib/api/request-error';
import { notifyFailure } from '@/lib/api/request-events';
import type { OrderDTO, OrderKind, PayInfoDTO } from '@/lib/api/schemas/commerce';
import { isMobileUserAgent } from '@/lib/device/device';
import { useT } from '@/lib/i18n/client';
import { refreshMembership } from '@/stores/session';

/** What the buyer names for each kind of order; the server prices it. */
export type PurchaseBody = {
  member: BodyOf<'UserBuyMemberLevel'>;
  data_product: BodyOf<'SubmitDataProductBuyOrder'>;
};

type Step = { skip: boolean; closedMsg: string };

/** The two calls of each kind: create the order, then ask for its pay info. */
const FLOWS: {
  [K in OrderKind]: {
    create: (body: PurchaseBody[K], s: Step) => Promise<OrderDTO>;
    payInfo: (order: OrderDTO, s: Step) => Promise<PayInfoDTO>;
  };
} = {
  member: {
    create: (body, s) => request('UserBuyMemberLevel', { body, skipErrorHandler: s.skip }),
    payInfo: (order, s) =>
      request('PayMemberOrderPC', { query: { trandeCode: order.tradeCode }, skipErrorHandler: s.skip }),
  },
  data_product: {
    create: (body, s) => request('SubmitDataProductBuyOrder', { body, skipErrorHandler: s.skip }),
    payInfo: async (order, s) => {
      const model = await request('QueryDataProductPayModelById', {
        query: { orderId: order.id },
        skipErrorHandler: s.skip,
      });
      if (model.pay) return model.pay;
      // Closed or paid in the meantime: told like any refused call.
      const err = new RequestError(ErrorCode.conflict, s.closedMsg);
      notifyFailure(err, 'QueryDataProductPayModelById', s.skip);
      throw err;
    },
  },
};

export type PurchaseOptions = {
  /** The page shows this purchase's errors itself (no global dialog). */
  skipErrorHandler?: boolean;
  /** After the desktop's pay modal closes (paid or not). */
  onClosed?: () => void;
};

/**
 * The one way to buy (docs/commerce.md), for memberships and data products on every page that
 * sells: create the order (or take a pending one), ask for its pay info, then put the payment on
 * screen — on a phone, which cannot scan its own screen, the pay page opens; elsewhere `paying`
 * holds it for the desktop's QR modal (`usePurchase` in components/desktop/equities) — and when
 * it is paid, reload the membership and every cached answer. `buy` and `payOrder` resolve to the
 * error the purchase stopped at, or null once the payment is on screen.
 */
export function usePurchaseFlow<K extends OrderKind>(
  kind: K,
  { skipErrorHandler = false, onClosed }: PurchaseOptions = {},
) {
  const t = useT('commerce');
  const qc = useQueryClient();
  const [paying, setPaying] = useState<PayInfoDTO | null>(null);
  const flow = useMutation<PayInfoDTO, RequestError, { body: PurchaseBody[K] } | { order: OrderDTO }>({
    mutationKey: ['purchase', kind],
    mutationFn: async (input) => {
      const step = { skip: skipErrorHandler, closedMsg: t.closedBody };
      const f = FLOWS[kind];
      const order = 'order' in input ? input.order : await f.create(input.body, step);
      return f.payInfo(order, step);
    },
    onSuccess: (pay) => {
      if (isMobileUserAgent(navigator.userAgent)) window.location.assign(pay.payUrl);
      else setPaying(pay);
    },
  });
  const { mutateAsync } = flow;
  const run = useCallback(
    (input: { body: PurchaseBody[K] } | { order: OrderDTO }) =>
      mutateAsync(input).then(
        () => null,
        (e: unknown) => (e instanceof RequestError ? e : new RequestError(0, t.loadFailed)),
      ),
    [mutateAsync, t.loadFailed],
  );

  const onPaid = useCallback(() => {
    void refreshMembership().finally(() => void qc.invalidateQueries());
  }, [qc]);
  const closePay = () => {
    setPaying(null);
    void qc.invalidateQueries();
    onClosed?.();
  };

  return {
    /** Creates an order for what the buyer chose and puts its payment on screen. */
    buy: (body: PurchaseBody[K]) => run({ body }),
    /** Puts the payment of an existing pending order on screen (purchase records). */
    payOrder: (order: OrderDTO) => run({ order }),
    busy: flow.isPending,
    /** The payment waiting for the desktop's QR modal, if any. */
    paying,
    /** The QR modal was closed (paid or not). */
    closePay,
    /** The QR modal saw the order paid. */
    onPaid,
  };
}

/** A payment waiting to be shown, for a device that shows it on screen (the desktop's QR modal). */
export type PaymentOnScreen = { paying: PayInfoDTO | null; closePay: () => void; onPaid: () => void };

/** Shows a payment on screen where the device does (the desktop's QR modal); a phone opens the pay page instead. */
export type RenderPay = (flow: PaymentOnScreen, kind: OrderKind) => ReactNode;
