'use client';

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
  const onClick = async () => {
    const { openAppLink } = await import('@/lib/device/app-link');
    openAppLink(appLink, new URL(fallbackUrl, window.location.href).toString());
  };
  return (
    <button type="button" className={className} onClick={onClick} data-app-link={appLink}>
      {label}
    </button>
  );
}
