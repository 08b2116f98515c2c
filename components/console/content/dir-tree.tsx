'use client';

import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Popconfirm, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import { useState } from 'react';
import type { ConsoleDir } from '@/lib/api/console/schemas/documents';
import { request } from '@/lib/api/request';
import { RequestError } from '@/lib/api/request-error';
import { useConsoleT } from '../i18n';
import { LoadFailed } from '../shared/load-failed';
import { fieldOf } from './article-form';
import { DirModal } from './dir-modal';
import styles from './content.module.css';

type TreeNode = { key: number; title: string; children: TreeNode[] };

const find = (dirs: ConsoleDir[], id: number | null): ConsoleDir | null => {
  for (const d of dirs) {
    if (d.id === id) return d;
    const hit = find(d.children, id);
    if (hit) return hit;
  }
  return null;
};

/**
 * The directory tree beside the documents: choosing one filters the list (with what is beneath
 * it); editors create, rename, move and delete directories (a directory holding anything is
 * refused by the server, which says what it holds).
 */
export function DirTree({
  dirs,
  loading,
  error,
  onRetry,
  selected,
  onSelect,
  canManage,
  onChanged,
}: {
  dirs: ConsoleDir[];
  loading: boolean;
  error: RequestError | null;
  onRetry: () => void;
  selected: number | null;
  onSelect: (id: number | null) => void;
  canManage: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { m, f, locale } = useConsoleT();
  const t = m.dirs;
  const { message } = App.useApp();
  const lang = locale === 'zh-CN' ? 'zh-CN' : 'en';
  const [modal, setModal] = useState<{ editing: ConsoleDir | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const current = find(dirs, selected);

  const nodes = (list: ConsoleDir[]): TreeNode[] =>
    list.map((d) => ({
      key: d.id,
      title: `${d.name[lang] || d.name[lang === 'en' ? 'zh-CN' : 'en']}${d.documentCount ? ` (${d.documentCount})` : ''}`,
      children: nodes(d.children),
    }));

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setInvalid(null);
    try {
      await work();
      message.success(done);
      await onChanged();
      return true;
    } catch (e) {
      const err = e instanceof RequestError ? e : null;
      setInvalid(fieldOf(err?.msg));
      message.error(err?.text ?? String(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (v: { name: { 'zh-CN': string; en: string }; parentId: number | null }) => {
    const editing = modal?.editing ?? null;
    const ok = await act(async () => {
      if (!editing) {
        const r = await request('ConsoleCreateDocDir', { body: v, skipErrorHandler: true });
        onSelect(r.id);
        return;
      }
      if (v.name['zh-CN'] !== editing.name['zh-CN'] || v.name.en !== editing.name.en)
        await request('ConsoleRenameDocDir', { body: { id: editing.id, name: v.name }, skipErrorHandler: true });
      if (v.parentId !== editing.parentId)
        await request('ConsoleMoveDocDir', { body: { id: editing.id, parentId: v.parentId }, skipErrorHandler: true });
    }, t.saved);
    if (ok) setModal(null);
  };

  return (
    <Card
      size="small"
      title={t.title}
      className={styles.dirCard}
      extra={
        canManage && (
          <Tooltip title={current ? t.addChild : t.add}>
            <Button
              size="small"
              icon={<FolderAddOutlined />}
              aria-label={current ? t.addChild : t.add}
              onClick={() => {
                setInvalid(null);
                setModal({ editing: null });
              }}
            />
          </Tooltip>
        )
      }
    >
      <Button
        type={selected === null ? 'link' : 'text'}
        size="small"
        className={styles.allDirs}
        onClick={() => onSelect(null)}
        aria-pressed={selected === null}
      >
        {m.docs.allDirs}
      </Button>
      {error ? (
        <LoadFailed error={error} onRetry={onRetry} />
      ) : loading ? (
        <Spin />
      ) : dirs.length ? (
        <Tree<TreeNode>
          blockNode
          defaultExpandAll
          selectedKeys={selected === null ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : null)}
          treeData={nodes(dirs)}
          className={styles.dirTree}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
      )}
      {current && canManage && (
        <Space wrap className={styles.dirActions} aria-label={f(t.actionsOf, { name: current.name[lang] })}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => {
              setInvalid(null);
              setModal({ editing: current });
            }}
          >
            {t.edit}
          </Button>
          <Popconfirm
            title={f(t.removeConfirm, { name: current.name[lang] })}
            onConfirm={() =>
              act(async () => {
                await request('ConsoleDeleteDocDir', { body: { id: current.id }, skipErrorHandler: true });
                onSelect(current.parentId);
              }, t.removed)
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} loading={busy}>
              {t.remove}
            </Button>
          </Popconfirm>
        </Space>
      )}
      {!canManage && (
        <Typography.Paragraph type="secondary" className={styles.dirNote}>
          {t.editorsOnly}
        </Typography.Paragraph>
      )}
      <DirModal
        open={!!modal}
        dirs={dirs}
        editing={modal?.editing ?? null}
        parentId={selected}
        busy={busy}
        invalid={invalid}
        onCancel={() => setModal(null)}
        onSubmit={(v) => void submit(v)}
      />
    </Card>
  );
}
