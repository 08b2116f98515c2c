export type FeatureIconName = 'index' | 'trend' | 'forecast' | 'source';

const PATHS: Record<FeatureIconName, string> = {
  index: 'M5 19V11M10 19V5M15 19V9M20 19V14',
  trend: 'M4 17l5-5 4 3 7-8M15 7h5v5',
  forecast: 'M4 16l5-4 4 2 3-3M16 11l4-3M16 11l4 1',
  source: 'M7 4h8l4 4v12H7zM15 4v4h4M10 13h6M10 16h4',
};

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="24" height="24" rx="6" fill="#e7f4ef" />
      <path d={PATHS[name]} fill="none" stroke="#0f7b5f" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" transform="translate(2.4 2.4) scale(0.8)" />
    </svg>
  );
}
