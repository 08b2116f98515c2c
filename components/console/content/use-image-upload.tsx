'use client';

import { App } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { request } from '@/lib/api/request';
import { uploadFile } from '@/lib/api/upload';
import { useConsoleT } from '../i18n';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * Images for articles go up as the site's other uploads do: a grant (UpLoadFileAuths), then the
 * file to the grant's URL; the server checks its type, size and content. Gives a file picker
 * that hands the stored file's URL (a path under /files/) to `done`.
 */
export function useImageUpload() {
  const { m, f } = useConsoleT();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<(url: string) => void>(() => {});
  async function send(file: File) {
    setBusy(true);
    const hide = message.loading(m.editor.uploading, 0);
    try {
      const grant = await request('UpLoadFileAuths', { query: { purpose: 'general' }, skipErrorHandler: true });
      const stored = await uploadFile(grant, file, file.name);
      pending.current(stored.url);
    } catch (e) {
      message.error(f(m.editor.uploadFailed, { msg: (e as { text?: string }).text ?? String(e) }));
    } finally {
      hide();
      setBusy(false);
    }
  }
  const picker = (done: (url: string) => void, trigger: (open: () => void, busy: boolean) => ReactNode) => (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        // antd's form styles show file inputs (`input[type='file'] { display: block }`).
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      {trigger(() => {
        pending.current = done;
        input.current?.click();
      }, busy)}
    </>
  );
  return { picker, busy };
}
