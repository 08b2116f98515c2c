'use client';

import { ChunkErrorView } from '@/components/shared/chunk-error/chunk-error-view';

/** Replaces the root layout when it fails, so it renders its own document. */
export default function GlobalError({
  error,
  retry,
  reset,
}: {
  error: unknown;
  retry?: () => void;
  reset?: () => void;
}) {
  return (
    <html>
      <body style={{ margin: 0, fontFamily: 'system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif' }}>
        <ChunkErrorView error={error} onRetry={() => (retry ?? reset)?.()} />
      </body>
    </html>
  );
}
