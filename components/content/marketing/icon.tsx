import type { IconName } from '@/content/marketing/types';

// 24×24 line icons, drawn with the current text colour.
const PATHS: Record<IconName, string> = {
  chart: 'M4 19h16M6 16l4-5 3 3 5-7',
  ledger: 'M6 3h10l3 3v15H6zM9 9h7M9 13h7M9 17h4',
  truck: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 100-4 2 2 0 000 4zM17 19a2 2 0 100-4 2 2 0 000 4z',
  shield: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6zM9 12l2 2 4-4',
  leaf: 'M5 19c0-8 6-14 14-14 0 8-6 14-14 14zM5 19l7-7',
  phone: 'M8 3h8v18H8zM11 18h2',
  scan: 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M7 12h10',
  map: 'M12 21s-6-6-6-11a6 6 0 1112 0c0 5-6 11-6 11zM12 12a2 2 0 100-4 2 2 0 000 4z',
  bell: 'M6 16V11a6 6 0 1112 0v5l2 2H4zM10 20h4',
  users: 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20c0-3 3-5 6-5s6 2 6 5M17 11a3 3 0 100-6M21 20c0-3-2-5-4-5',
  recycle: 'M7 19l-3-5 3-5M4 14h9M17 5l3 5-3 5M20 10h-9M12 3l-2 3',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16 16l5 5',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 3',
  camera: 'M4 8h4l2-3h4l2 3h4v11H4zM12 17a3.5 3.5 0 100-7 3.5 3.5 0 000 7z',
  doc: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  link: 'M10 14a4 4 0 006 0l3-3a4 4 0 00-6-6l-1 1M14 10a4 4 0 00-6 0l-3 3a4 4 0 006 6l1-1',
};

export function Icon({ name, size = 28 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
