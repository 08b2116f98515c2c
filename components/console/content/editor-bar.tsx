'use client';

import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { StatusTag } from './status-tag';
import type { VersionedEditor } from './use-versioned-editor';
import styles from './content.module.css';

/** The words that name what is edited (an article, a document) in the bar's notices. */
export type EditorBarWords = { conflictTitle: string; reload: string; contributorNote: string };

/**
 * The top of a versioned editor: a conflict (someone else saved) with its reload, the note that a
 * live item is the editors', and the bar with status, version, due time, save state and actions.
 */
export function EditorBar<F, V>({
  editor: e,
  words,
  onReload,
  children,
}: {
  editor: VersionedEditor<F, V>;
  words: EditorBarWords;
  onReload: () => void;
  children: ReactNode;
}) {
  const { m, f } = useConsoleT();
  const t = m.editor;
  const { saved, status, autosave, dirty } = e;
  return (
    <>
      {e.conflict && (
        <Alert
          type="error"
          showIcon
          className={styles.conflict}
          message={words.conflictTitle}
          description={f(t.conflictBody, { msg: e.conflict })}
          action={
            <Button
              danger
              onClick={() => {
                e.dropConflict();
                onReload();
              }}
            >
              {words.reload}
            </Button>
          }
        />
      )}
      {e.readOnly && (
        <Alert type="info" showIcon message={f(words.contributorNote, { status: m.news.status[status] })} />
      )}
      <Card className={styles.bar} size="small">
        <div className={styles.barRow}>
          <Space wrap size="middle">
            <StatusTag status={status} />
            {saved && <Typography.Text type="secondary">{f(t.versionLine, { v: saved.version })}</Typography.Text>}
            {status === 'scheduled' && saved?.publishedAt && (
              <Tag color="gold">{f(t.scheduledFor, { at: dateTime(saved.publishedAt) })}</Tag>
            )}
            <Typography.Text type="secondary" aria-live="polite" data-testid="save-state">
              {autosave.saving
                ? t.autosaving
                : dirty
                  ? t.unsaved
                  : autosave.lastAt
                    ? f(t.autosaved, { at: autosave.lastAt })
                    : saved
                      ? t.upToDate
                      : ''}
            </Typography.Text>
          </Space>
          <Space wrap>{children}</Space>
        </div>
      </Card>
    </>
  );
}
