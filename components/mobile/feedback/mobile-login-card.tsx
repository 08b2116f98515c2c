'use client';

import { Button, Result } from 'antd-mobile';
import { goToLogin } from '@/components/shared/feedback/go-to-login';
import { useT } from '@/lib/i18n/client';
import s from './mobile-feedback-page.module.css';

/** What a visitor sees on the mobile feedback pages: log in, then come back here. */
export function MobileLoginCard({ title, body }: { title: string; body: string }) {
  const t = useT('feedback');
  return (
    <div className={s.page}>
      <Result status="info" title={title} description={body} />
      <Button block color="primary" onClick={() => void goToLogin()}>
        {t.loginButton}
      </Button>
    </div>
  );
}
