'use client';

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '@/lib/i18n/client';
import s from './dialog.module.css';

/**
 * A modal dialog in plain markup (the browser's <dialog>: focus kept inside, Esc closes, the page
 * behind inert), for the account pages that load no antd. Mounted means open; `onClose` on Esc,
 * the close button or a click on the backdrop.
 */
export function Dialog({
  title,
  onClose,
  footer,
  children,
}: {
  title: string;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const t = useT('commerce');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={s.dialogHead}>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className={s.dialogClose} aria-label={t.close} onClick={onClose}>
          ×
        </button>
      </div>
      <div className={s.dialogBody}>{children}</div>
      {footer && <div className={s.dialogFoot}>{footer}</div>}
    </dialog>
  );
}
