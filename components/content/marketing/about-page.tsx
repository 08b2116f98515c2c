import { getImageProps } from 'next/image';
import type { AboutPage as AboutContent } from '@/content/marketing/types';
import { captionsOf } from '@/content/marketing/images';
import { fmt } from '@/lib/i18n/format';
import type { Locale, Messages } from '@/lib/i18n/server';
import { Picture } from '../shared/picture';
import { mobilePathFor } from '@/lib/routing/mobile-path';
import { DATA_STATUS_PATH } from '@/lib/routing/sections';
import a from './about.module.css';
import s from './marketing.module.css';

/** Markets with prices, as counted from the data (marketCoverage in lib/server/services/content/home-figures.ts). */
export type MarketCoverage = {
  markets: number;
  provinces: number;
  groups: {
    cadence: 'daily' | 'monthly';
    demo: boolean;
    sources: string[];
    markets: number;
    provinces: number;
    from: string;
    to: string;
  }[];
  byProvince: { name: string; markets: number }[];
};

/** "monthly prices from 11 markets in 9 provinces (WFP VAM via HDX, 2014–2020); daily prices from …". */
function coveragePhrase(c: AboutContent['coverage'], coverage: MarketCoverage, locale: Locale): string {
  if (!coverage.groups.length) return c.none;
  return coverage.groups
    .map((g) =>
      fmt(
        c[g.cadence],
        {
          markets: g.markets,
          provinces: g.provinces,
          who: g.demo ? c.demo : g.sources.join(', '),
          from: g.from.slice(0, 4),
          to: g.to.slice(0, 4),
        },
        locale,
      ),
    )
    .join(c.join);
}

/** regard/aboutUs (docs/screens.md): introduce, develop (a timeline), honor, video, nationwide. */
export function AboutPage({
  c,
  messages: m,
  locale,
  mobile,
  coverage,
}: {
  c: AboutContent;
  messages: Messages;
  locale: Locale;
  mobile: boolean;
  /** Markets per province, from the data: the figures in the copy agree with what the portal holds. */
  coverage: MarketCoverage;
}) {
  const live = {
    markets: coverage.markets,
    provinces: coverage.provinces,
    coverage: coveragePhrase(c.coverage, coverage, locale),
  };
  const box = mobile ? s.section : `container ${s.section}`;
  // The poster goes through the image optimiser like every other picture.
  const poster = getImageProps({
    src: c.video.poster.src,
    alt: '',
    width: c.video.poster.width,
    height: c.video.poster.height,
    sizes: '(max-width: 900px) 100vw, 960px',
  }).props;
  return (
    <div className={mobile ? s.m : undefined}>
      <section id="introduce" className={box} aria-labelledby="about-introduce">
        <div className={mobile ? `${a.intro} ${a.m}` : a.intro}>
          <div>
            <p className={s.eyebrow} style={{ color: 'var(--c-primary)' }}>
              {c.title}
            </p>
            <h1 id="about-introduce">{c.introduce.title}</h1>
            {c.introduce.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{fmt(p, live)}</p>
            ))}
            <ul className={mobile ? `${a.facts} ${a.m}` : a.facts}>
              {c.introduce.facts.map((f) => (
                <li key={f.label}>
                  <strong>{fmt(f.value, live)}</strong>
                  {f.label}
                </li>
              ))}
            </ul>
          </div>
          <Picture {...c.introduce.image} sizes={mobile ? '100vw' : '(max-width: 900px) 100vw, 480px'} eager />
        </div>
      </section>

      <section id="develop" className={box} aria-labelledby="about-develop">
        <h2 id="about-develop" className={s.h2}>
          {c.develop.title}
        </h2>
        <ol className={a.timeline}>
          {c.develop.milestones.map((ms) => (
            <li key={ms.year + ms.title}>
              <span className={a.year}>{ms.year}</span>
              <h3>{ms.title}</h3>
              <p>{ms.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="honor" className={box} aria-labelledby="about-honor">
        <h2 id="about-honor" className={s.h2}>
          {c.honor.title}
        </h2>
        <ul className={a.honors}>
          {c.honor.items.map((h) => (
            <li key={h.name}>
              <strong>{h.year}</strong>
              <span>
                {h.name}
                <small>{h.issuer}</small>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section id="video" className={`${box} ${a.video}`} aria-labelledby="about-video">
        <h2 id="about-video" className={s.h2}>
          {c.video.title}
        </h2>
        <p className={s.lead}>{c.video.caption}</p>
        {/* No autoplay, and the film has no sound track: it plays only when asked. */}
        <video
          controls
          playsInline
          preload="none"
          poster={poster.src}
          width={c.video.poster.width}
          height={c.video.poster.height}
          aria-describedby="about-video"
        >
          <source src={c.video.src} type="video/mp4" />
          <track kind="captions" src={captionsOf(locale)} srcLang={locale} label={c.video.captions} default />
        </video>
      </section>

      <section
        id="nationwide"
        className={box}
        aria-labelledby="about-nationwide"
        style={{ paddingBottom: mobile ? 24 : 56 }}
      >
        <h2 id="about-nationwide" className={s.h2}>
          {c.nationwide.title}
        </h2>
        <p className={s.lead}>{c.nationwide.lead}</p>
        <ul className={a.coverage}>
          {coverage.byProvince.map((p) => (
            <li key={p.name}>
              <span data-verbatim="">{p.name}</span>
              <span>{fmt(m.pages.markets, { n: p.markets }, locale)}</span>
            </li>
          ))}
        </ul>
        <p className={s.lead}>
          <a href={mobile ? mobilePathFor(DATA_STATUS_PATH)! : DATA_STATUS_PATH} data-testid="about-data-status">
            {m.saleRegion.statusLink} →
          </a>
        </p>
      </section>
    </div>
  );
}
