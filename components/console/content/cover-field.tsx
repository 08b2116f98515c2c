'use client';

import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useConsoleT } from '../i18n';
import { useImageUpload } from './use-image-upload';
import styles from './content.module.css';

/** The cover: uploaded through a grant, shown as it will be, replaced or removed. */
export function CoverField({
  value,
  onChange,
  readOnly,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  readOnly: boolean;
}) {
  const { m } = useConsoleT();
  const t = m.editor;
  const upload = useImageUpload();
  return (
    <div className={styles.cover}>
      {value ? (
        // A preview of the file just uploaded, shown as stored (the optimiser is for the public pages).
        // eslint-disable-next-line @next/next/no-img-element
        <img src={value} alt="" className={styles.coverImg} data-testid="cover-preview" />
      ) : (
        <div className={styles.coverNone} aria-hidden />
      )}
      <Space direction="vertical" size={4}>
        <Space wrap>
          {upload.picker(onChange, (open, busy) => (
            <Button icon={<UploadOutlined />} onClick={open} loading={busy} disabled={readOnly}>
              {value ? t.coverReplace : t.coverUpload}
            </Button>
          ))}
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} disabled={readOnly}>
              {t.coverRemove}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">{t.coverHint}</Typography.Text>
      </Space>
    </div>
  );
}
