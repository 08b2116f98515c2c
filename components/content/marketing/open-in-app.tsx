'use client';

import { useEffect, useRef } from 'react';

/** iPhone, iPad (also when it says "Macintosh" but has touch) and iPod: app links cannot work there. */
export function isIOS(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * "Open in app" on the mobile product pages: the app-link helper of docs/screens.md
 * (lib/device/app-link.ts), loaded only when tapped so the page stays light.
 */
export function OpenInApp({
  appLink,
  fallbackUrl,
  label,
  className,
}: {
  appLink: string;
  fallbackUrl: string;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Besides the stylesheet's iOS rule (which works before any script): browsers that claim iOS.
  useEffect(() => {
    if (isIOS(navigator.userAgent, navigator.maxTouchPoints)) ref.current?.parentElement?.setAttribute('data-ios', '');
  }, []);
  const onClick = async () => {
    const { openAppLink } = await import('@/lib/device/app-link');
    openAppLink(appLink, new URL(fallbackUrl, window.location.href).toString());
  };
  return (
    <button ref={ref} type="button" className={className} onClick={onClick} data-app-link={appLink}>
      {label}
    </button>
  );
}
