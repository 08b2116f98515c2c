'use client';

import { DesktopOutlined, ExportOutlined, EyeOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Segmented, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '@/lib/shared/locale';
import { useApiQuery } from '@/lib/api/hooks';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { LoadFailed } from '../shared/load-failed';
import type { VersionedEditor } from './use-versioned-editor';
import styles from './content.module.css';

/** What is previewed: an article (/preview/news/…) or a document (/preview/docs/…). */
export type PreviewKind = 'news' | 'docs';
const CALLS = { news: 'ConsoleNewsPreview', docs: 'ConsoleDocumentPreview' } as const;

/** The widths the article is shown at: a desktop screen and a phone (docs/console.md "Preview"). */
export const PREVIEW_WIDTHS = { desktop: 1440, phone: 390 } as const;
const HEIGHTS = { desktop: 900, phone: 844 } as const;
type Device = keyof typeof PREVIEW_WIDTHS;

/**
 * An editor's "Preview": a draft with changes is saved first, so the preview shows what is in the
 * editor; a live article or document is shown as last saved (its changes go out only on purpose).
 */
export function PreviewButton<F, V>({ kind, editor: e }: { kind: PreviewKind; editor: VersionedEditor<F, V> }) {
  const { m } = useConsoleT();
  const [open, setOpen] = useState(false);
  const { saved, busy, dirty, live, readOnly } = e;
  if (!saved) return null;
  return (
    <>
      <Button
        icon={<EyeOutlined />}
        disabled={busy}
        onClick={() =>
          void e.run(async () => {
            if (dirty && !live && !readOnly && !(await e.save(true))) return;
            setOpen(true);
          })
        }
      >
        {m.editor.preview}
      </Button>
      <PreviewModal
        kind={kind}
        id={saved.id}
        version={saved.version}
        open={open}
        unsaved={dirty}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The article or document as the public will see it, on a desktop and on a phone, in either
 * language: the site's own page (its layout, styles, chrome) from a signed preview link that
 * expires, in a frame that runs no script of it (no view counted, nothing clicked through). The
 * desktop page is laid out at 1440 px and scaled to fit; the phone's is shown at its size.
 */
function PreviewModal({
  kind,
  id,
  version,
  open,
  unsaved,
  onClose,
}: {
  kind: PreviewKind;
  id: number;
  version: number;
  open: boolean;
  unsaved: boolean;
  onClose: () => void;
}) {
  const { m } = useConsoleT();
  return (
    <Modal
      title={m.preview.title}
      open={open}
      onCancel={onClose}
      footer={null}
      width="min(1600px, 96vw)"
      centered
      destroyOnHidden
    >
      {open && <PreviewBody kind={kind} id={id} version={version} unsaved={unsaved} />}
    </Modal>
  );
}

function PreviewBody({
  kind,
  id,
  version,
  unsaved,
}: {
  kind: PreviewKind;
  id: number;
  version: number;
  unsaved: boolean;
}) {
  const { m, f, locale } = useConsoleT();
  const t = m.preview;
  const [device, setDevice] = useState<Device>('desktop');
  const [lang, setLang] = useState<Locale>(locale === 'zh-CN' ? 'zh-CN' : 'en');
  // A fresh link per opening (gcTime 0: dropped when the dialog closes).
  const link = useApiQuery(CALLS[kind], { body: { id } }, { staleTime: 0, gcTime: 0 });
  const url = link.data && `/${lang}/${device === 'desktop' ? 'preview' : 'mobilePreview'}/${kind}/${link.data.token}`;
  const deviceName = device === 'desktop' ? t.desktop : t.phone;
  return (
    <>
      <div className={styles.previewBar}>
        <Space wrap>
          <Segmented<Device>
            aria-label={t.device}
            value={device}
            onChange={setDevice}
            options={[
              { value: 'desktop', label: t.desktop, icon: <DesktopOutlined /> },
              { value: 'phone', label: t.phone, icon: <MobileOutlined /> },
            ]}
          />
          <Segmented<Locale>
            aria-label={t.language}
            value={lang}
            onChange={setLang}
            options={[
              { value: 'zh-CN', label: m.editor.zh },
              { value: 'en', label: m.editor.en },
            ]}
          />
        </Space>
        {url && (
          <Button href={url} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
            {t.open}
          </Button>
        )}
      </div>
      {unsaved && <Alert type="warning" showIcon message={t.unsaved} className={styles.previewNote} />}
      {link.isError ? (
        <LoadFailed error={link.error} onRetry={() => void link.refetch()} />
      ) : !link.data || !url ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph type="secondary" className={styles.previewNote}>
            {f(t.note[kind], { v: version, at: dateTime(link.data.expiresAt) })}
          </Typography.Paragraph>
          <Frame key={url} url={url} device={device} title={f(t.frame[kind], { device: deviceName })} />
        </>
      )}
    </>
  );
}

/** One page in a frame of the device's width; a desktop page scaled down to the room there is. */
function Frame({ url, device, title }: { url: string; device: Device; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const seen = new ResizeObserver(([e]) => setRoom(e?.contentRect.width ?? 0));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  const width = PREVIEW_WIDTHS[device];
  const height = HEIGHTS[device];
  const scale = device === 'desktop' && room ? Math.min(1, room / width) : 1;
  return (
    <div ref={box} className={device === 'desktop' ? styles.previewDesktop : styles.previewPhone}>
      <div className={styles.previewScreen} style={{ width: width * scale, height: height * scale }}>
        <iframe
          src={url}
          title={title}
          data-testid={`preview-${device}`}
          // The page's own HTML and styles, no script: nothing counted, nothing navigated.
          sandbox="allow-same-origin"
          referrerPolicy="no-referrer"
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
          className={styles.previewFrame}
        />
      </div>
    </div>
  );
}
