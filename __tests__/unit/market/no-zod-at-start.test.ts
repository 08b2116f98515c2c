import { describe, expect, it, jest } from '@jest/globals';

// zod and the contract's schemas are 44 KB gzip: a fifth of a market page's start-up script, run
// before its first call can leave. Pages make calls through lib/api/routes.ts; only forms (which
// check fields with the server's own rules) and the server load the schemas.
jest.mock('zod', () => {
  throw new Error('zod was loaded');
});

describe('what the market pages load at start', () => {
  it('makes calls and renders both market pages without loading zod', async () => {
    await expect(import('@/lib/api/client')).resolves.toHaveProperty('api.PriceTrend');
    await expect(import('@/stores/session')).resolves.toBeDefined();
    await expect(import('@/components/shared/market/market-start')).resolves.toHaveProperty('MarketStart');
    await expect(import('@/components/desktop/functionality/functionality-page')).resolves.toHaveProperty(
      'FunctionalityPage',
    );
    await expect(import('@/components/mobile/functionality/mobile-functionality-page')).resolves.toHaveProperty(
      'MobileFunctionalityPage',
    );
  });
});
