'use client';

import { Button, Result } from 'antd';
import { setLoginUrl } from '@/lib/api/token';
import { loginPathForDevice } from '@/lib/device/device';
import { useT } from '@/lib/i18n/client';

/** Anonymous visitors: log in, then come back here (sessionStorage loginUrl, docs/screens.md). */
export function LoginPrompt() {
  const t = useT('commerce');
  const go = () => {
    setLoginUrl(window.location.pathname + window.location.search);
    window.location.assign(loginPathForDevice());
  };
  return (
    <Result
      status="info"
      title={t.loginTitle}
      subTitle={t.loginBody}
      extra={
        <Button type="primary" onClick={go}>
          {t.loginButton}
        </Button>
      }
    />
  );
}
