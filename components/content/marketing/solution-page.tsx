import Link from 'next/link';
import type { SolutionPage as SolutionContent } from '@/content/marketing/types';
import { toMobile } from '@/lib/content/urls';
import type { Messages } from '@/lib/i18n/server';
import { SECTION_PATHS } from '@/lib/routing/sections';
import { Picture } from '../shared/picture';
import { Icon } from './icon';
import s from './marketing.module.css';

/** solution/{garbage,numberSupervise,shopExplore,securitySolution} (docs/screens.md). */
export function SolutionPage({ c, messages: m, mobile }: { c: SolutionContent; messages: Messages; mobile: boolean }) {
  const box = mobile ? s.section : `container ${s.section}`;
  const u = (p: string) => (mobile ? toMobile(p) : p);
  return (
    <div className={mobile ? s.m : undefined}>
      <section className={s.hero} aria-labelledby="sol-title">
        <div className={mobile ? s.heroInner : `container ${s.heroInner}`}>
          <div>
            <p className={s.eyebrow}>{m.nav.solutions}</p>
            <h1 id="sol-title">{c.title}</h1>
            <p>{c.tagline}</p>
          </div>
          <div className={s.heroImg}>
            <Picture {...c.hero} sizes={mobile ? '100vw' : '(max-width: 900px) 100vw, 520px'} eager />
          </div>
        </div>
      </section>

      <section className={box} aria-labelledby="sol-challenges">
        <h2 id="sol-challenges" className={s.h2}>
          {c.challenges.title}
        </h2>
        <ul className={s.grid3}>
          {c.challenges.items.map((f) => (
            <li key={f.title} className={s.card}>
              <Icon name={f.icon} />
              <h3>{f.title}</h3>
              <p>{f.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={s.tint} aria-labelledby="sol-approach">
        <div className={box}>
          <h2 id="sol-approach" className={s.h2}>
            {c.approach.title}
          </h2>
          <p className={s.lead}>{c.approach.lead}</p>
          <ol className={s.steps}>
            {c.approach.layers.map((l) => (
              <li key={l.title}>
                <h3>{l.title}</h3>
                <p>{l.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={box} aria-labelledby="sol-outcomes">
        <h2 id="sol-outcomes" className={s.h2}>
          {c.outcomes.title}
        </h2>
        <ul className={s.outcomes}>
          {c.outcomes.items.map((o) => (
            <li key={o.label}>
              <strong>{o.value}</strong>
              {o.label}
            </li>
          ))}
        </ul>
      </section>

      <section className={box} aria-labelledby="sol-cases" style={{ paddingBottom: mobile ? 24 : 56 }}>
        <h2 id="sol-cases" className={s.h2}>
          {c.cases.title}
        </h2>
        <ul className={s.grid3}>
          {c.cases.items.map((k) => (
            <li key={k.name} className={s.card}>
              <h3>{k.name}</h3>
              <p>
                <strong>{k.region}</strong> — {k.body}
              </p>
            </li>
          ))}
        </ul>
        <h3 className={s.h2} style={{ fontSize: 18, marginTop: 28 }}>
          {m.pages.relatedProducts}
        </h3>
        <ul className={s.grid3}>
          {c.products.map((id) => (
            <li key={id}>
              <Link prefetch={false} href={u(SECTION_PATHS[id])} className={s.card}>
                <h3>{m.sections[id].title}</h3>
                <p>{m.sections[id].body}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
