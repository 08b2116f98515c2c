'use client';

import {
  AuditOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  LogoutOutlined,
  MessageOutlined,
  ShoppingOutlined,
  TeamOutlined,
  GlobalOutlined,
  ExportOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Layout, Menu, Space, Spin, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { rolesAllow } from '@/lib/api/console/roles';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { getQueryClient } from '@/lib/api/query-client';
import { getToken, removeToken } from '@/lib/api/token';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { loginPathFor } from '../login-path';
import { MeContext } from './me';
import { activeLeaf, isGroup, NAV, type NavItem, type NavLeaf } from './nav';
import styles from './shell.module.css';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  content: <FileTextOutlined />,
  commerce: <ShoppingOutlined />,
  customers: <TeamOutlined />,
  feedback: <MessageOutlined />,
  data: <DatabaseOutlined />,
  audit: <AuditOutlined />,
};

/**
 * The console's frame: the sections the member's roles open, who is signed in and until when,
 * the language switch and sign-out. Without a console login it sends the browser to sign in.
 */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const { m, locale } = useConsoleT();
  const pathname = usePathname();
  const router = useRouter();
  // Read once in the browser (the server renders the waiting frame either way).
  const [hasToken] = useState(() => typeof window !== 'undefined' && !!getToken());
  useEffect(() => {
    if (!getToken()) router.replace(loginPathFor(window.location.pathname + window.location.search));
  }, [router]);
  const me = useApiQuery('ConsoleMe', {}, { enabled: !!hasToken, staleTime: 60_000 });
  const logout = useApiMutation('ConsoleLogout', {
    onSettled: () => {
      removeToken();
      getQueryClient().clear();
      // A full load: nothing of the member's stays in memory.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/console/login');
    },
  });

  if (!me.data)
    return (
      <div className={styles.loading}>
        <Spin tip={m.common.loading} size="large">
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </div>
    );

  const roles = me.data.roles;
  const items: MenuProps['items'] = NAV.flatMap((i: NavItem): NonNullable<MenuProps['items']> => {
    if (!isGroup(i)) return rolesAllow(roles, i.roles) ? [leaf(i)] : [];
    const children = i.children.filter((c) => rolesAllow(roles, c.roles)).map(leaf);
    return children.length ? [{ key: i.key, icon: ICONS[i.key], label: m.nav[i.key], children }] : [];
  });
  // A section not built yet is named, greyed and marked, never a link to a page that is not there.
  function leaf(l: NavLeaf) {
    if (!l.built)
      return {
        key: l.href,
        icon: ICONS[l.key],
        disabled: true,
        label: (
          <span className={styles.unbuilt} title={m.nav.notYetTitle}>
            {m.nav[l.key]} <span className={styles.soon}>{m.nav.notYet}</span>
          </span>
        ),
      };
    return { key: l.href, icon: ICONS[l.key], label: <Link href={l.href}>{m.nav[l.key]}</Link> };
  }
  const active = activeLeaf(pathname);
  const openGroup = NAV.find((i) => isGroup(i) && i.children.some((c) => c.href === active?.href))?.key;
  const other = locale === 'zh-CN' ? 'en' : 'zh-CN';

  return (
    <MeContext.Provider value={me.data}>
      <a href="#console-main" className={styles.skip}>
        {m.nav.skipToContent}
      </a>
      <Layout className={styles.frame}>
        <Layout.Sider breakpoint="xl" collapsedWidth={64} width={240} theme="dark" className={styles.sider}>
          <Link href="/console" className={styles.brand}>
            <span className={styles.mark} aria-hidden>
              Y
            </span>
            <span className={styles.brandText}>{m.common.brandSuffix}</span>
          </Link>
          <Menu
            theme="dark"
            mode="inline"
            // 16 px a level rather than 24: "Unmapped commodities" fits the 240 px sider whole.
            inlineIndent={16}
            items={items}
            selectedKeys={active ? [active.href] : []}
            defaultOpenKeys={openGroup ? [openGroup] : ['content', 'commerce', 'data']}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header className={styles.header}>
            <Space size="middle" wrap={false}>
              <Button type="link" href="/" target="_blank" icon={<ExportOutlined />}>
                {m.nav.site}
              </Button>
              <Button type="text" href={`/api/locale?l=${other}`} icon={<GlobalOutlined />} lang={other}>
                {m.nav.language}
              </Button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    {
                      key: 'roles',
                      disabled: true,
                      label: (
                        <div className={styles.who}>
                          <Typography.Text type="secondary">{me.data.phone}</Typography.Text>
                          <div>
                            {roles.map((r) => (
                              <Tag key={r}>{m.roles[r]}</Tag>
                            ))}
                          </div>
                          <Typography.Text type="secondary">
                            {m.nav.sessionEnds.replace('{time}', dateTime(me.data.expiresAt))}
                          </Typography.Text>
                        </div>
                      ),
                    },
                    { type: 'divider' },
                    {
                      key: 'logout',
                      icon: <LogoutOutlined />,
                      label: m.nav.logout,
                      onClick: () => logout.mutate({}),
                    },
                  ],
                }}
              >
                <Button>{me.data.nickname}</Button>
              </Dropdown>
            </Space>
          </Layout.Header>
          <Layout.Content id="console-main" tabIndex={-1} className={styles.content}>
            {children}
          </Layout.Content>
        </Layout>
      </Layout>
    </MeContext.Provider>
  );
}
