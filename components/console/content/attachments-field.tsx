'use client';

import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, List, Popconfirm, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { ConsoleAttachment } from '@/lib/api/console/schemas/documents';
import { request } from '@/lib/api/request';
import { uploadFile } from '@/lib/api/upload';
import { useConsoleT } from '../i18n';
import type { SavedRow, SavedState } from './use-versioned-editor';
import styles from './content.module.css';

const TYPES = 'application/pdf,image/jpeg,image/png,image/webp';
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A document's attachments: a file goes up as every upload does (a grant, then the file; the server
 * checks type, size and content) and is then attached by its key; each attach, removal and move is
 * a version of the document (`write` names the version saved last and takes the next).
 */
export function AttachmentsField({
  saved,
  files,
  readOnly,
  write,
  onFiles,
}: {
  saved: SavedState | null;
  files: ConsoleAttachment[];
  readOnly: boolean;
  write: (work: (s: SavedState) => Promise<SavedRow>) => Promise<SavedRow | null>;
  onFiles: (files: ConsoleAttachment[]) => void;
}) {
  const { m, f } = useConsoleT();
  const t = m.docEditor;
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  /** After a change: the attachments as the server now has them. */
  const refresh = async (id: number) => onFiles((await request('ConsoleDocumentGet', { body: { id } })).attachments);

  const change = async (work: (s: SavedState) => Promise<SavedRow>, done?: string) => {
    setBusy(true);
    try {
      const r = await write(work);
      if (r) {
        await refresh(r.id);
        if (done) message.success(done);
      }
    } finally {
      setBusy(false);
    }
  };

  async function send(file: File) {
    setBusy(true);
    const hide = message.loading(m.editor.uploading, 0);
    let stored: { key: string } | null = null;
    try {
      const grant = await request('UpLoadFileAuths', { query: { purpose: 'general' }, skipErrorHandler: true });
      stored = await uploadFile(grant, file, file.name);
    } catch (e) {
      message.error(f(m.editor.uploadFailed, { msg: (e as { text?: string }).text ?? String(e) }));
    } finally {
      hide();
      setBusy(false);
    }
    if (stored) {
      const key = stored.key;
      await change(
        (s) =>
          request('ConsoleAddDocumentAttachment', {
            body: { id: s.id, version: s.version, key, name: file.name },
            skipErrorHandler: true,
          }),
        f(t.attached, { name: file.name }),
      );
    }
  }

  const move = (from: number, to: number) => {
    const order = files.map((x) => x.id);
    const [it] = order.splice(from, 1);
    order.splice(to, 0, it!);
    void change((s) =>
      request('ConsoleOrderDocumentAttachments', {
        body: { id: s.id, version: s.version, order },
        skipErrorHandler: true,
      }),
    );
  };

  if (!saved) return <Typography.Text type="secondary">{t.attachFirst}</Typography.Text>;
  return (
    <div className={styles.attachments}>
      <List<ConsoleAttachment>
        size="small"
        bordered
        dataSource={files}
        locale={{ emptyText: t.noAttachments }}
        renderItem={(x, i) => (
          <List.Item
            actions={
              readOnly
                ? []
                : [
                    <Button
                      key="up"
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={`${t.up}: ${x.name}`}
                      disabled={busy || i === 0}
                      onClick={() => move(i, i - 1)}
                    />,
                    <Button
                      key="down"
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={`${t.down}: ${x.name}`}
                      disabled={busy || i === files.length - 1}
                      onClick={() => move(i, i + 1)}
                    />,
                    <Popconfirm
                      key="rm"
                      title={f(t.removeFileConfirm, { name: x.name })}
                      onConfirm={() =>
                        change((s) =>
                          request('ConsoleRemoveDocumentAttachment', {
                            body: { id: s.id, version: s.version, attachmentId: x.id },
                            skipErrorHandler: true,
                          }),
                        )
                      }
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t.removeFile}: ${x.name}`}
                        disabled={busy}
                      />
                    </Popconfirm>,
                  ]
            }
          >
            <Space className={styles.fileName}>
              <PaperClipOutlined />
              <a href={x.url} target="_blank" rel="noreferrer">
                {x.name}
              </a>
              <Typography.Text type="secondary">{size(x.bytes)}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {!readOnly && (
        <Space wrap className={styles.attachBar}>
          <input
            ref={input}
            type="file"
            accept={TYPES}
            hidden
            // antd's form styles show file inputs (`input[type='file'] { display: block }`).
            style={{ display: 'none' }}
            data-testid="attachment-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void send(file);
            }}
          />
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
            {t.attach}
          </Button>
          <Typography.Text type="secondary">{t.attachHint}</Typography.Text>
        </Space>
      )}
    </div>
  );
}
