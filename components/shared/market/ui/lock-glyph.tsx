/**
 * The padlock the market screens draw on locked data (the lock panel, the watchlist's locked rows):
 * one drawing everywhere, in the text colour, hidden from screen readers — the word beside it
 * ("Locked") is what they read.
 */
export function LockGlyph({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </svg>
  );
}
