import Link from 'next/link';
import type { Messages } from '@/lib/i18n/types';
import { productLinks, solutionLinks } from '@/lib/routing/nav';
import { PRODUCT_IDS, SECTION_PATHS, SOLUTION_IDS } from '@/lib/routing/sections';
import { HeroChart } from './hero-chart';
import { FeatureIcon, type FeatureIconName } from './feature-icon';
import s from './home.module.css';

/** The landing page (spec §2 home): server-rendered, no client JS of its own. */
export function HomePage({ messages: m }: { messages: Messages }) {
  const h = m.home;
  const highlights: { icon: FeatureIconName; title: string; body: string }[] = [
    { icon: 'index', title: h.highlights.indexTitle, body: h.highlights.indexBody },
    { icon: 'trend', title: h.highlights.trendTitle, body: h.highlights.trendBody },
    { icon: 'forecast', title: h.highlights.forecastTitle, body: h.highlights.forecastBody },
    { icon: 'source', title: h.highlights.sourceTitle, body: h.highlights.sourceBody },
  ];
  const products = productLinks(m).map((l, i) => ({ ...l, body: m.sections[PRODUCT_IDS[i]!].body }));
  const solutions = solutionLinks(m).map((l, i) => ({ ...l, body: m.sections[SOLUTION_IDS[i]!].body }));

  return (
    <>
      <section className={s.hero} aria-labelledby="home-title">
        <div className={`container ${s.heroInner}`}>
          <div className={s.heroText}>
            <p className={s.eyebrow}>{h.eyebrow}</p>
            <h1 id="home-title">{h.heroTitle}</h1>
            <p className={s.heroBody}>{h.heroBody}</p>
            <p className={s.ctas}>
              <Link href={SECTION_PATHS.functionality} className="btn btn-light">
                {h.ctaData}
              </Link>
              <Link href={SECTION_PATHS.member} className="btn btn-ghost">
                {h.ctaMember}
              </Link>
            </p>
          </div>
          <HeroChart />
        </div>
      </section>

      <section className={`container ${s.section}`} aria-labelledby="home-highlights">
        <h2 id="home-highlights" className={s.h2}>
          {h.highlightsTitle}
        </h2>
        <ul className={s.grid4}>
          {highlights.map((f) => (
            <li key={f.icon} className={s.feature}>
              <FeatureIcon name={f.icon} />
              <h3>{f.title}</h3>
              <p>{f.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <CardSection id="home-products" title={h.productsTitle} lead={h.productsLead} items={products} more={m.common.learnMore} />
      <CardSection id="home-solutions" title={h.solutionsTitle} lead={h.solutionsLead} items={solutions} more={m.common.learnMore} tinted />

      <section className={`container ${s.section}`} aria-label={`${h.newsTitle} · ${h.docsTitle}`}>
        <div className={s.grid2}>
          <div className={s.teaser}>
            <h2 className={s.h3}>{h.newsTitle}</h2>
            <p>{h.newsBody}</p>
            <Link href={SECTION_PATHS.journalism} className={s.more}>
              {h.newsCta} →
            </Link>
          </div>
          <div className={s.teaser}>
            <h2 className={s.h3}>{h.docsTitle}</h2>
            <p>{h.docsBody}</p>
            <Link href={SECTION_PATHS.documents} className={s.more}>
              {h.docsCta} →
            </Link>
          </div>
        </div>
      </section>

      <section className={`container ${s.section}`} aria-labelledby="home-member">
        <div className={s.band}>
          <div>
            <h2 id="home-member">{h.memberTitle}</h2>
            <p>{h.memberBody}</p>
          </div>
          <Link href={SECTION_PATHS.member} className="btn btn-light">
            {h.memberCta}
          </Link>
        </div>
      </section>
    </>
  );
}

function CardSection(props: { id: string; title: string; lead: string; items: { href: string; label: string; body: string }[]; more: string; tinted?: boolean }) {
  return (
    <section className={props.tinted ? `${s.tint}` : undefined} aria-labelledby={props.id}>
      <div className={`container ${s.section}`}>
        <h2 id={props.id} className={s.h2}>
          {props.title}
        </h2>
        <p className={s.lead}>{props.lead}</p>
        <ul className={s.grid4}>
          {props.items.map((c) => (
            <li key={c.href}>
              <Link href={c.href} className={s.card}>
                <h3>{c.label}</h3>
                <p>{c.body}</p>
                <span className={s.more}>{props.more} →</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
