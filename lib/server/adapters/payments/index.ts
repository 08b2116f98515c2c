import 'server-only';
import { env } from '../../env';
import { alipayProvider } from './alipay';
import { sandboxProvider } from './sandbox';
import type { PaymentProvider, ProviderName } from './types';

/** The provider PAYMENT_PROVIDER names (sandbox by default outside production). */
export function paymentProvider(): PaymentProvider {
  return env().PAYMENT_PROVIDER === 'alipay' ? alipayProvider() : sandboxProvider();
}

/** Only the active provider's notify endpoint and gateway exist; the others answer 404. */
export function activeProvider(name: string): PaymentProvider | null {
  return env().PAYMENT_PROVIDER === (name as ProviderName) ? paymentProvider() : null;
}

export type { PaymentProvider, ProviderName };
