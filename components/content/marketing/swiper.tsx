'use client';

import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import s from './swiper.module.css';

type Labels = { region: string; prev: string; next: string; slideN: string };

/**
 * The "swiper" of docs/screens.md: server-rendered slides in a scroll-snap track
 * (swipe or scroll works without JS); this island adds the arrows and dots.
 * It never moves on its own, so nothing shifts under the reader.
 */
export function Swiper({ children, labels }: { children: ReactNode; labels: Labels }) {
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const count = Children.count(children);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setActive(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  const go = (i: number) => {
    const el = track.current;
    if (!el) return;
    const n = (i + count) % count;
    el.scrollTo({ left: n * el.clientWidth, behavior: 'smooth' });
    setActive(n);
  };

  return (
    <section className={s.swiper} aria-roledescription="carousel" aria-label={labels.region}>
      <ul ref={track} className={s.track}>
        {Children.map(children, (child, i) => (
          <li
            className={s.slide}
            aria-roledescription="slide"
            aria-label={labels.slideN.replace('{n}', String(i + 1)).replace('{total}', String(count))}
          >
            {child}
          </li>
        ))}
      </ul>
      {count > 1 && (
        <div className={s.controls}>
          <button type="button" className={s.arrow} onClick={() => go(active - 1)} aria-label={labels.prev}>
            ‹
          </button>
          <span className={s.dots}>
            {Array.from({ length: count }, (_, i) => (
              <button
                key={i}
                type="button"
                className={s.dot}
                aria-label={labels.slideN.replace('{n}', String(i + 1)).replace('{total}', String(count))}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </span>
          <button type="button" className={s.arrow} onClick={() => go(active + 1)} aria-label={labels.next}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
