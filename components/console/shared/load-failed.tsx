'use client';

import { Button, Result } from 'antd';
import type { RequestError } from '@/lib/api/request-error';
import { useConsoleT } from '../i18n';

/** A screen whose data did not come: what went wrong and "Retry". */
export function LoadFailed({ error, onRetry }: { error: RequestError | null; onRetry: () => void }) {
  const { m, f } = useConsoleT();
  return (
    <Result
      status="warning"
      title={f(m.common.loadFailed, { msg: error?.text ?? '' })}
      extra={
        <Button type="primary" onClick={onRetry}>
          {m.common.retry}
        </Button>
      }
    />
  );
}
