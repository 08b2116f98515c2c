/** The leaf-and-bars mark; decorative, the brand name beside it carries the meaning. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0f7b5f" />
      <path d="M8 23V17M13 23V13M18 23V15" stroke="#bfe8d6" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M21 21c0-6 3-10 8-11-1 6-3.5 10-8 11z" fill="#f2c14e" />
    </svg>
  );
}
