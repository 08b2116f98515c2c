// The article header (docs/console.md "Preview"): the console's preview of a draft says it is not
// published yet, of a scheduled article when it goes out (not the time of its last save), and an
// article without an author shows no bare "Author:" label, on the preview and the public page;
// Chinese labels take the full-width colon.
import { renderToStaticMarkup } from 'react-dom/server';
import { NewsArticle } from '@/components/content/news/news-article';
import type { NewsDetail } from '@/lib/api/schemas/content';
import { dictionaries } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/shared/locale';

const article: NewsDetail = {
  id: 41,
  slug: 'rice-review',
  categoryId: 'market',
  categoryName: 'Market',
  title: 'Rice review',
  summary: 'A week of rice prices.',
  cover: null,
  coverAlt: '',
  source: 'Yoonop Research',
  author: '',
  // 2030-05-06 09:30 in Beijing.
  publishedAt: '2030-05-06T01:30:00.000Z',
  views: 0,
  url: '/regard/journalism/41',
  body: '<p>Body</p>',
  updatedAt: '2030-05-01T00:00:00.000Z',
  prev: null,
  next: null,
  related: [],
};

const page = (locale: Locale, status?: 'draft' | 'scheduled' | 'published', a: Partial<NewsDetail> = {}) => {
  const html = renderToStaticMarkup(
    <NewsArticle
      article={{ ...article, ...a }}
      status={status}
      locale={locale}
      messages={dictionaries[locale]}
      mobile={false}
      site="https://example.org"
      brand="Yoonop"
    />,
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return {
    when: doc.querySelector('[data-testid="news-when"]')!.textContent,
    meta: doc.querySelector('p')!.textContent ?? '',
  };
};

describe('the article header', () => {
  it('a draft: "Not published yet" / "尚未发布", no time', () => {
    expect(page('en', 'draft').when).toBe('Not published yet');
    expect(page('zh-CN', 'draft').when).toBe('尚未发布');
  });

  it('a scheduled article: the time it goes out', () => {
    expect(page('en', 'scheduled').when).toBe('Scheduled for 2030-05-06 09:30');
    expect(page('zh-CN', 'scheduled').when).toBe('定时发布：2030年5月6日 09:30');
  });

  it('a published article (the public page): its publication time', () => {
    expect(page('en').when).toMatch(/^Published: /);
    expect(page('zh-CN', 'published').when).toMatch(/^发布时间：/);
  });

  it('shows the author only when there is one, in both languages', () => {
    expect(page('en').meta).not.toContain('Author');
    expect(page('zh-CN').meta).not.toContain('作者');
    expect(page('en', 'published', { author: 'Li Na' }).meta).toContain('Author: Li Na');
    expect(page('zh-CN', 'published', { author: '李娜' }).meta).toContain('作者：李娜');
  });
});
