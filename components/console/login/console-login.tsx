'use client';

import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useApiMutation } from '@/lib/api/hooks';
import { getQueryClient } from '@/lib/api/query-client';
import { setToken } from '@/lib/api/token';
import { useConsoleT } from '../i18n';
import { afterLoginPath } from '../login-path';
import styles from './console-login.module.css';

type Fields = { phone: string; password: string };

/** Staff sign-in: a console login of its own (12 hours), then back where the member was going. */
export function ConsoleLogin() {
  const { m } = useConsoleT();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const login = useApiMutation('ConsoleLogin', {
    onSuccess: (s) => {
      setToken(s.token);
      getQueryClient().clear();
      window.location.assign(afterLoginPath(params.get('next')));
    },
    onError: (e) => setError(e.text),
  });
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <Typography.Title level={2}>{m.login.title}</Typography.Title>
        <Typography.Paragraph type="secondary">{m.login.subtitle}</Typography.Paragraph>
        {params.get('expired') && !error && (
          <Alert className={styles.alert} type="info" showIcon message={m.login.expired} />
        )}
        {error && <Alert className={styles.alert} type="error" showIcon message={error} role="alert" />}
        <Form<Fields>
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => {
            setError(null);
            login.mutate({ body: v, skipErrorHandler: true });
          }}
        >
          <Form.Item name="phone" label={m.login.phone} rules={[{ required: true, message: m.login.phoneRequired }]}>
            <Input prefix={<MobileOutlined />} inputMode="numeric" autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item
            name="password"
            label={m.login.password}
            rules={[{ required: true, message: m.login.passwordRequired }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {m.login.submit}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" className={styles.foot}>
          {m.login.lasts} {/* The site is under another root layout: a plain link loads it. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">{m.login.backToSite}</a>
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
