'use client';
import type { CSSProperties } from 'react';
import { useT } from '@/lib/i18n/client';
import s from './account.module.css';

/** The equities pages' "could not load" notice, with a retry that refetches what failed (plain markup, no antd). */
export function LoadFailed({ onRetry, style }: { onRetry: () => void; style?: CSSProperties }) {
  const t = useT('commerce');
  return (
    <div role="alert" className={s.failed} style={style}>
      <span>{t.loadFailed}</span>
      <button type="button" className={`btn ${s.smallBtn}`} onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}
