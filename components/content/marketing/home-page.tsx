import Link from 'next/link';
import type { HomeContent } from '@/content/marketing/types';
import type { NewsItem } from '@/lib/api/schemas/content';
import { formatDate } from '@/lib/shared/dates';
import { NEWS_LIST_PATH } from '@/lib/content/urls';
import type { Locale, Messages } from '@/lib/i18n/server';
import { PRODUCT_IDS, SECTION_PATHS, SOLUTION_IDS } from '@/lib/routing/sections';
import { Picture } from '../shared/picture';
import { fmt } from '@/lib/i18n/format';
import { Icon } from './icon';
import { Swiper } from './swiper';
import s from './marketing.module.css';

type Props = {
  locale: Locale;
  messages: Messages;
  content: HomeContent;
  figures: { key: string; label: string; value: number }[];
  news: NewsItem[];
};

const PRODUCT_ICONS = {
  farming: 'leaf',
  electronicLedger: 'ledger',
  distributionSystem: 'truck',
  enforceSystem: 'shield',
} as const;
const SOLUTION_ICONS = {
  garbage: 'recycle',
  numberSupervise: 'chart',
  shopExplore: 'search',
  securitySolution: 'shield',
} as const;

/** Home (docs/screens.md): swiper, numerical (live figures), product, solution, journalism (latest news). Server-rendered; the swiper's arrows are the only script. */
export function HomePage({ locale, messages: m, content: c, figures, news }: Props) {
  const t = m.pages;
  // The slides' figures ("{markets} markets") are the live counts, so the copy agrees with the data.
  const live = Object.fromEntries(figures.map((f) => [f.key, f.value.toLocaleString(locale)]));
  return (
    <>
      <Swiper labels={{ region: t.slides, prev: t.prevSlide, next: t.nextSlide, slideN: t.slideN }}>
        {c.swiper.map((slide, i) => {
          const Heading = i === 0 ? 'h1' : 'h2';
          return (
            <div key={slide.title} className={`container ${s.slideInner}`}>
              <div className={s.slideText}>
                <p className={s.eyebrow}>{slide.eyebrow}</p>
                <Heading>{fmt(slide.title, live)}</Heading>
                <p>{fmt(slide.body, live)}</p>
                <Link prefetch={false} href={slide.cta.href} className="btn btn-light">
                  {slide.cta.label}
                </Link>
              </div>
              <div className={s.slideImg}>
                <Picture {...slide.image} sizes="(max-width: 900px) 100vw, 560px" eager={i === 0} />
              </div>
            </div>
          );
        })}
      </Swiper>

      <section className={`container ${s.section}`} aria-labelledby="home-numerical">
        <h2 id="home-numerical" className={s.h2}>
          {c.numerical.title}
        </h2>
        <p className={s.lead}>{c.numerical.lead}</p>
        <ul className={s.figures}>
          {figures.map((f) => (
            <li key={f.key} className={s.figure} data-figure={f.key}>
              <strong>{f.value.toLocaleString(locale)}</strong>
              <span>{f.label}</span>
            </li>
          ))}
        </ul>
        <p className={s.note}>{c.numerical.note}</p>
      </section>

      <section className={`container ${s.section}`} aria-labelledby="home-product">
        <h2 id="home-product" className={s.h2}>
          {c.product.title}
        </h2>
        <p className={s.lead}>{c.product.lead}</p>
        <ul className={s.grid4}>
          {PRODUCT_IDS.map((id) => (
            <li key={id}>
              <Link prefetch={false} href={SECTION_PATHS[id]} className={s.card}>
                <Icon name={PRODUCT_ICONS[id]} />
                <h3>{m.sections[id].title}</h3>
                <p>{m.sections[id].body}</p>
                <span className={s.more}>{m.common.learnMore} →</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={s.tint} aria-labelledby="home-solution">
        <div className={`container ${s.section}`}>
          <h2 id="home-solution" className={s.h2}>
            {c.solution.title}
          </h2>
          <p className={s.lead}>{c.solution.lead}</p>
          <ul className={s.grid4}>
            {SOLUTION_IDS.map((id) => (
              <li key={id}>
                <Link prefetch={false} href={SECTION_PATHS[id]} className={s.card}>
                  <Icon name={SOLUTION_ICONS[id]} />
                  <h3>{m.sections[id].title}</h3>
                  <p>{m.sections[id].body}</p>
                  <span className={s.more}>{m.common.learnMore} →</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`container ${s.section}`} aria-labelledby="home-journalism">
        <h2 id="home-journalism" className={s.h2}>
          {c.journalism.title}
        </h2>
        <p className={s.lead}>{c.journalism.lead}</p>
        <ul className={s.newsList}>
          {news.map((n) => (
            <li key={n.id}>
              <Link prefetch={false} href={n.url}>
                <span className={s.badge}>{n.categoryName}</span>
                <h3>{n.title}</h3>
                <p>{formatDate(n.publishedAt, locale, false)}</p>
              </Link>
            </li>
          ))}
        </ul>
        <p>
          <Link prefetch={false} href={NEWS_LIST_PATH} className={s.more}>
            {c.journalism.more} →
          </Link>
        </p>
      </section>

      <section className={`container ${s.section}`} aria-labelledby="home-member" style={{ paddingBottom: 56 }}>
        <div className={s.band}>
          <div>
            <h2 id="home-member">{m.home.memberTitle}</h2>
            <p>{m.home.memberBody}</p>
          </div>
          <Link prefetch={false} href={SECTION_PATHS.member} className="btn btn-light">
            {m.home.memberCta}
          </Link>
        </div>
      </section>
    </>
  );
}
