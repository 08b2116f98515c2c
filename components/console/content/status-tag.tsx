'use client';

import { Tag } from 'antd';
import type { NewsStatus } from '@/lib/api/schemas/content';
import { useConsoleT } from '../i18n';

const COLOR: Record<NewsStatus, string> = { draft: 'default', scheduled: 'gold', published: 'green' };

export function StatusTag({ status }: { status: NewsStatus }) {
  const { m } = useConsoleT();
  return <Tag color={COLOR[status]}>{m.news.status[status]}</Tag>;
}
