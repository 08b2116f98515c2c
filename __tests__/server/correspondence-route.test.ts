// Hand-off links must reach the /correspondence/{token} page on every device, whatever
// characters the token happens to end with (proxy.ts takes `….<letters>` for a file).
import { NextRequest } from 'next/server';
import { getRewrittenUrl, unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { config, proxy } from '@/proxy';
import { findPlatform } from '@/lib/server/platforms/catalogue';
import { issueInboundToken } from '@/lib/server/platforms/handoff-token';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('/correspondence/{token}', () => {
  it('is a page for desktops and phones for every token the platforms send', () => {
    const farming = findPlatform('farming')!;
    for (let i = 0; i < 200; i++) {
      const { token } = issueInboundToken(farming, {
        phone: '13912345678',
        name: `User ${i}`,
        returnPath: '/feedback',
        now: new Date(),
      });
      const path = `/correspondence/${token}`;
      expect(unstable_doesMiddlewareMatch({ config, url: path })).toBe(true);
      // A phone gets the page inside the mobile chrome; the URL it shows stays the same.
      for (const [ua, page] of [
        [IPHONE, `/mobileCorrespondence/${token}`],
        ['Mozilla/5.0 (X11; Linux x86_64)', path],
      ] as const) {
        const res = proxy(
          new NextRequest(new URL(path, 'http://portal.test'), {
            headers: { 'user-agent': ua, 'accept-language': 'en' },
          }),
        );
        expect(getRewrittenUrl(res)).toBe(`http://portal.test/en${page}`);
      }
    }
  });
});
