import { isLocale } from '@/lib/shared/locale';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { dictionaries } from '@/lib/i18n/messages';
import { siteName, siteUrl } from '@/lib/server/site';
import { getDb } from '@/lib/server/db/client';
import { rssFeed } from '@/lib/server/services/content/feed';

export const dynamic = 'force-dynamic';

/** RSS 2.0 of the latest news; ?lang=zh-CN|en, else the visitor's language as for pages. */
export async function GET(req: Request) {
  const url = new URL(req.url);
  const asked = url.searchParams.get('lang');
  const cookie = /(?:^|;\s*)locale=([^;]+)/.exec(req.headers.get('cookie') ?? '')?.[1];
  const locale = isLocale(asked)
    ? asked
    : negotiateLocale(cookie && decodeURIComponent(cookie), req.headers.get('accept-language'));
  const m = dictionaries[locale];
  const body = await rssFeed(await getDb(), {
    site: siteUrl(),
    locale,
    brand: `${siteName(locale)} · ${m.news.title}`,
    description: m.news.description,
  });
  return new Response(body, {
    headers: {
      'content-type': 'application/rss+xml; charset=utf-8',
      'cache-control': 'public, max-age=600',
      vary: 'Accept-Language, Cookie',
      'content-language': locale,
    },
  });
}
