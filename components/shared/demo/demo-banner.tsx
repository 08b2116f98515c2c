import s from './demo-banner.module.css';

type Texts = { label: string; banner: string; outbox: string };

/**
 * Shown on every page while DEMO_MODE=1: anyone can read the SMS codes at /dev/sms and
 * the payment gateway is the sandbox, so nobody should bring a real number or password.
 * In the page flow above the header (never over the content), rendered at request time
 * (no page is prerendered at build), so it follows the running server's switch.
 */
export function DemoBanner({ texts }: { texts: Texts }) {
  return (
    <aside className={s.banner} aria-label={texts.label} data-testid="demo-banner">
      <strong className={s.tag}>{texts.label}</strong>
      <span>{texts.banner}</span> {/* A plain link: /dev/sms sits under another root layout. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/dev/sms" className={s.link}>
        {texts.outbox}
      </a>
    </aside>
  );
}
