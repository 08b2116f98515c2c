'use client';

import { useEffect, useRef, useState } from 'react';
import type { CreatedApiKeyDTO } from '@/lib/api/schemas/api-keys';
import { useT } from '@/lib/i18n/client';
import s from './data-api.module.css';

/** The new key, shown this once in a modal dialog (the native one: focus is trapped and Esc closes it). */
export function NewKeyDialog({ made, onClose }: { made: CreatedApiKeyDTO; onClose: () => void }) {
  const t = useT('dataApi');
  const ref = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.key);
      setCopied(true);
    } catch {
      // Without clipboard access (an http page, a denied permission) the key stays selected to copy by hand.
      const field = ref.current?.querySelector('input');
      field?.select();
    }
  };
  return (
    <dialog ref={ref} className={s.dialog} aria-labelledby="new-key-title" onClose={onClose}>
      <h3 id="new-key-title">{t.shownOnceTitle}</h3>
      <p>{t.shownOnceBody}</p>
      <p className={s.keyLine}>
        <input
          readOnly
          value={made.key}
          aria-label={made.name}
          data-testid="new-api-key"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          {copied ? t.copied : t.copy}
        </button>
      </p>
      <p className={s.actions}>
        <button type="button" className={`btn ${s.secondary}`} onClick={() => ref.current?.close()}>
          {t.done}
        </button>
      </p>
    </dialog>
  );
}
