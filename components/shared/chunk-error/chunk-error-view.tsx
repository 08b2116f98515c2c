'use client';

import { useSyncExternalStore, type CSSProperties } from 'react';
import { isChunkLoadError } from '@/lib/api/chunk-errors';
import { detectLang, errorViewTexts, type ErrorViewLang } from './texts';

const box: CSSProperties = { padding: '32px 16px', textAlign: 'center', color: 'rgba(0,0,0,0.88)', fontSize: 14 };
const button: CSSProperties = {
  marginTop: 16,
  padding: '4px 15px',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  background: '#fff',
  cursor: 'pointer',
  fontSize: 14,
};

const noSubscribe = () => () => {};

/** Language read on the client only, so hydration sees the server's 'en' first. */
function useLang(explicit?: ErrorViewLang): ErrorViewLang {
  const detected = useSyncExternalStore(noSubscribe, detectLang, () => 'en' as const);
  return explicit ?? detected;
}

export type ChunkErrorViewProps = {
  error: unknown;
  /** Re-render the failed part (other errors). */
  onRetry: () => void;
  /** Reload the page (chunk failures: the old chunk names may be gone after a deploy). */
  onReload?: () => void;
  lang?: ErrorViewLang;
};

/** A failed script/style chunk asks for a reload; any other error offers a retry. */
export function ChunkErrorView({
  error,
  onRetry,
  onReload = () => window.location.reload(),
  lang,
}: ChunkErrorViewProps) {
  const t = errorViewTexts[useLang(lang)];
  const chunk = isChunkLoadError(error);
  return (
    <div role="alert" style={box}>
      <p style={{ margin: 0 }}>{chunk ? t.chunk : t.generic}</p>
      <button type="button" style={button} onClick={chunk ? onReload : onRetry}>
        {chunk ? t.reload : t.retry}
      </button>
    </div>
  );
}
