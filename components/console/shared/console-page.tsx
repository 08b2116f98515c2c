'use client';

import { Button, Result, Typography } from 'antd';
import Link from 'next/link';
import { useEffect, type ReactNode } from 'react';
import { rolesAllow, type StaffRole } from '@/lib/api/console/roles';
import { useConsoleT } from '../i18n';
import { useMe } from '../shell/me';
import styles from './console-page.module.css';

/**
 * One console screen: its title (also the document's), what it offers beside the title, and the
 * roles it needs. A member without them sees which roles would open it, not a broken page; the
 * server refuses their calls all the same.
 */
export function ConsolePage({
  title,
  roles,
  extra,
  children,
}: {
  title: string;
  roles: readonly StaffRole[];
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { m, f } = useConsoleT();
  const me = useMe();
  useEffect(() => {
    document.title = `${title} · ${m.common.title}`;
  }, [title, m.common.title]);
  if (!rolesAllow(me.roles, roles))
    return (
      <Result
        status="403"
        title={m.denied.title}
        subTitle={f(m.denied.body, { roles: ['admin', ...roles].map((r) => m.roles[r as StaffRole]).join(', ') })}
        extra={
          <Link href="/console">
            <Button type="primary">{m.denied.back}</Button>
          </Link>
        }
      />
    );
  return (
    <section className={styles.page}>
      <header className={styles.head}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        {extra && <div className={styles.extra}>{extra}</div>}
      </header>
      {children}
    </section>
  );
}
