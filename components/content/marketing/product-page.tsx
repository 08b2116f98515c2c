import type { ProductPage as ProductContent } from '@/content/marketing/types';
import { fmt } from '@/lib/i18n/format';
import type { Messages } from '@/lib/i18n/server';
import { Picture } from '../shared/picture';
import { Icon } from './icon';
import { OpenInApp } from './open-in-app';
import { Swiper } from './swiper';
import s from './marketing.module.css';

/**
 * product/{farming,electronicLedger,distributionSystem,enforceSystem} (docs/screens.md):
 * swiper, product, solution, afterSale, plus problem / functionalCharacteristics
 * where listed. The mobile variant adds "Open in app".
 */
export function ProductPage({ c, messages: m, mobile }: { c: ProductContent; messages: Messages; mobile: boolean }) {
  const t = m.pages;
  const box = mobile ? s.section : `container ${s.section}`;
  return (
    <div className={mobile ? s.m : undefined}>
      <Swiper labels={{ region: t.slides, prev: t.prevSlide, next: t.nextSlide, slideN: t.slideN }}>
        {c.swiper.map((slide, i) => {
          const Heading = i === 0 ? 'h1' : 'h2';
          return (
            <div key={slide.title} className={mobile ? s.slideInner : `container ${s.slideInner}`}>
              <div className={s.slideText}>
                <p className={s.eyebrow}>{slide.eyebrow}</p>
                <Heading>{slide.title}</Heading>
                <p>{slide.body}</p>
                <a href={slide.cta.href} className="btn btn-light">
                  {slide.cta.label}
                </a>
              </div>
              <div className={s.slideImg}>
                <Picture
                  {...slide.image}
                  sizes={mobile ? '100vw' : '(max-width: 900px) 100vw, 560px'}
                  eager={i === 0}
                />
              </div>
            </div>
          );
        })}
      </Swiper>

      <section id="product" className={box} aria-labelledby="p-product">
        <h2 id="p-product" className={s.h2}>
          {c.product.title}
        </h2>
        <p className={s.lead}>{c.product.lead}</p>
        <ul className={s.grid4}>
          {c.product.features.map((f) => (
            <li key={f.title} className={s.card}>
              <Icon name={f.icon} />
              <h3>{f.title}</h3>
              <p>{f.body}</p>
            </li>
          ))}
        </ul>
      </section>

      {c.functionalCharacteristics && (
        <section id="characteristics" className={box} aria-labelledby="p-char">
          <h2 id="p-char" className={s.h2}>
            {c.functionalCharacteristics.title}
          </h2>
          <p className={s.lead}>{c.functionalCharacteristics.lead}</p>
          <ul className={s.grid4}>
            {c.functionalCharacteristics.items.map((f) => (
              <li key={f.title} className={s.card}>
                <Icon name={f.icon} />
                <h3>{f.title}</h3>
                <p>{f.body}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section id="solution" className={s.tint} aria-labelledby="p-solution">
        <div className={box}>
          <h2 id="p-solution" className={s.h2}>
            {c.solution.title}
          </h2>
          <p className={s.lead}>{c.solution.lead}</p>
          <ol className={s.steps}>
            {c.solution.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {c.problem && (
        <section id="problem" className={box} aria-labelledby="p-problem">
          <h2 id="p-problem" className={s.h2}>
            {c.problem.title}
          </h2>
          <p className={s.lead}>{c.problem.lead}</p>
          <ul className={s.faq}>
            {c.problem.items.map((p) => (
              <li key={p.q}>
                <h3>{p.q}</h3>
                <p>{p.a}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section id="after-sale" className={box} aria-labelledby="p-after" style={{ paddingBottom: mobile ? 24 : 56 }}>
        <h2 id="p-after" className={s.h2}>
          {c.afterSale.title}
        </h2>
        <p className={s.lead}>{c.afterSale.lead}</p>
        <ul className={s.grid3}>
          {c.afterSale.items.map((f) => (
            <li key={f.title} className={s.card}>
              <Icon name={f.icon} />
              <h3>{f.title}</h3>
              <p>{f.body}</p>
            </li>
          ))}
        </ul>
        <p className={s.service}>
          <span>
            {t.hotline}: <a href={`tel:${c.afterSale.hotline.replace(/-/g, '')}`}>{c.afterSale.hotline}</a>
          </span>
          <span>
            {t.hours}: {c.afterSale.hours}
          </span>
        </p>
      </section>

      {mobile && (
        <div className={s.appBar}>
          <OpenInApp
            appLink={c.app.appLink}
            fallbackUrl={c.app.fallbackUrl}
            label={t.openInApp}
            className="btn btn-primary"
          />
          <span className="visually-hidden">{fmt(t.openInAppHint, { app: c.app.name })}</span>
        </div>
      )}
    </div>
  );
}
