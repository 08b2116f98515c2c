'use client';
import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '@/lib/i18n/client';

/** The equities pages' "could not load" notice, with a retry that refetches what failed. */
export function LoadFailed({ onRetry, style }: { onRetry: () => void; style?: CSSProperties }) {
  const t = useT('commerce');
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      message={t.loadFailed}
      action={
        <Button size="small" onClick={onRetry}>
          {t.retry}
        </Button>
      }
    />
  );
}
