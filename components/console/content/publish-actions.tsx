'use client';

import { ClockCircleOutlined, SaveOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, DatePicker, Modal, Popconfirm, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { NewsStatus } from '@/lib/api/schemas/content';
import { useConsoleT } from '../i18n';

/**
 * What can be done with the article: save (a draft, or a live article for editors), publish now,
 * schedule, unpublish. A contributor sees the save only: the server refuses them the rest.
 */
export function PublishActions({
  status,
  isEditor,
  busy,
  readOnly,
  onSave,
  onPublish,
  onUnpublish,
  words,
}: {
  status: NewsStatus;
  isEditor: boolean;
  busy: boolean;
  readOnly: boolean;
  onSave: () => void;
  onPublish: (at?: string) => void;
  onUnpublish: () => void;
  /** What names the item (a document, not an article) where the article's words would be wrong. */
  words?: { unpublishConfirm: string; scheduleHint: string };
}) {
  const { m } = useConsoleT();
  const t = { ...m.editor, ...words };
  const [scheduling, setScheduling] = useState(false);
  const [at, setAt] = useState<Dayjs | null>(null);
  const live = status !== 'draft';
  return (
    <Space wrap>
      <Button icon={<SaveOutlined />} onClick={onSave} loading={busy} disabled={readOnly}>
        {live ? t.saveLive : t.saveDraft}
      </Button>
      {isEditor && status !== 'published' && (
        <Button icon={<ClockCircleOutlined />} onClick={() => setScheduling(true)} disabled={busy}>
          {t.schedule}
        </Button>
      )}
      {isEditor && status !== 'published' && (
        <Button type="primary" icon={<SendOutlined />} onClick={() => onPublish()} disabled={busy}>
          {t.publish}
        </Button>
      )}
      {isEditor && live && (
        <Popconfirm title={t.unpublishConfirm} onConfirm={onUnpublish}>
          <Button danger icon={<StopOutlined />} disabled={busy}>
            {t.unpublish}
          </Button>
        </Popconfirm>
      )}
      <Modal
        title={t.scheduleTitle}
        open={scheduling}
        okText={t.scheduleOk}
        okButtonProps={{ disabled: !at || !at.isAfter(dayjs()) }}
        onCancel={() => setScheduling(false)}
        onOk={() => {
          if (!at) return;
          setScheduling(false);
          onPublish(at.toISOString());
        }}
        destroyOnHidden
      >
        <Space direction="vertical">
          <DatePicker
            showTime={{ format: 'HH:mm:ss' }}
            format="YYYY-MM-DD HH:mm:ss"
            value={at}
            onChange={setAt}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            aria-label={t.scheduleTitle}
            needConfirm={false}
          />
          <Typography.Text type="secondary">{t.scheduleHint}</Typography.Text>
        </Space>
      </Modal>
    </Space>
  );
}
