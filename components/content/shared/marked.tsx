import type { TextSegment } from '@/lib/api/schemas/content';

/** Text with the search matches in <mark>. */
export function Marked({ segments }: { segments: TextSegment[] }) {
  return <>{segments.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}
