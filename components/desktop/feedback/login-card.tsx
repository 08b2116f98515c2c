'use client';

import { Button, Result } from 'antd';
import { goToLogin } from '@/components/shared/feedback/go-to-login';
import { useT } from '@/lib/i18n/client';

/** What a visitor sees on the feedback pages: log in, then come back here (sessionStorage loginUrl). */
export function LoginCard({ title, body }: { title: string; body: string }) {
  const t = useT('feedback');
  return (
    <div className="container">
      <Result
        status="403"
        title={title}
        subTitle={body}
        extra={
          <Button type="primary" onClick={() => void goToLogin()}>
            {t.loginButton}
          </Button>
        }
      />
    </div>
  );
}
