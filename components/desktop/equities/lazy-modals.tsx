'use client';

import dynamic from 'next/dynamic';

// The pay modal (with its QR code: antd, desktop only — a phone goes to the pay page) and the buy
// dialog only open after a click: they load then, not with the page.
export const PayModal = dynamic(() => import('./pay-modal').then((m) => m.PayModal), { ssr: false });
export const BuyDialog = dynamic(() => import('./buy-dialog').then((m) => m.BuyDialog), { ssr: false });
