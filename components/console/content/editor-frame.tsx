'use client';

import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import type { RequestError } from '@/lib/api/request-error';
import { ConsolePage } from '../shared/console-page';
import { LoadFailed } from '../shared/load-failed';

/** What the frame hands its editor: the saved record (null for a new one) and what to call back. */
export type EditorProps<T> = {
  initial: T | null;
  /** After a conflict: read the record again and start the editor over on it. */
  onReload?: () => Promise<unknown>;
  /** A new record's first save: the page is now editing it. */
  onCreated?: () => void;
};

/**
 * The page around a versioned editor (news, documents): its title and way back, the record read
 * once (a refetch must not replace what is being typed; a reload after a conflict asks for it),
 * and the editor started over on each reload.
 */
export function EditorFrame<T extends { id: number }>({
  id,
  record,
  titles,
  backHref,
  editor,
}: {
  /** The record this page opened, null for a new one (its first save names it in the address bar only). */
  id: number | null;
  /** The record's query, made by the page with `staleTime: Infinity` and no refetch on focus. */
  record: UseQueryResult<T, RequestError>;
  titles: { edit: string; create: string; back: string };
  backHref: string;
  editor: (props: EditorProps<T> & { key: string }) => ReactNode;
}) {
  const [round, setRound] = useState(0);
  const [created, setCreated] = useState(false);
  return (
    <ConsolePage
      title={id || created ? titles.edit : titles.create}
      roles={['editor', 'contributor']}
      extra={
        <Link href={backHref}>
          <Button icon={<ArrowLeftOutlined />}>{titles.back}</Button>
        </Link>
      }
    >
      {id === null ? (
        editor({ key: 'new', initial: null, onCreated: () => setCreated(true) })
      ) : record.isError ? (
        <LoadFailed error={record.error} onRetry={() => void record.refetch()} />
      ) : !record.data ? (
        <Spin />
      ) : (
        editor({
          key: `${record.data.id}:${round}`,
          initial: record.data,
          onReload: async () => {
            await record.refetch();
            setRound((r) => r + 1);
          },
        })
      )}
    </ConsolePage>
  );
}
