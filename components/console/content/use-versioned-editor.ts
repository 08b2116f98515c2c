'use client';

import { App } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { rolesAllow } from '@/lib/api/console/roles';
import type { NewsStatus } from '@/lib/api/schemas/content';
import { RequestError } from '@/lib/api/request-error';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { useMe } from '../shell/me';
import { fieldOf } from './article-form';
import { useAutosave } from './use-autosave';

/** What a write of an article or a document answers. */
export type SavedRow = { id: number; version: number; status: NewsStatus };
export type SavedState = SavedRow & { publishedAt: string | null };

/** The calls behind one kind of versioned content (news, documents): each names the version it was made from. */
export type VersionedCalls<F, V> = {
  /** A draft through the draft save; a live one (editors) through the site's save. */
  save: (form: F, saved: SavedState | null) => Promise<SavedRow>;
  publish: (saved: SavedState, at?: string) => Promise<SavedRow>;
  unpublish: (saved: SavedState) => Promise<SavedRow>;
  /** Restores a version and answers the form as it now is. */
  restore: (saved: SavedState, v: V) => Promise<{ saved: SavedRow; form: F }>;
  /** Called once, when a new item's first save has given it an id. */
  created: (id: number) => void;
};

/**
 * The editing of one versioned item (docs/console.md "Content", "Documents"): the text in hand,
 * what was saved last (id, version, status), drafts that save themselves, one save at a time (a
 * click never races the autosave), a refusal because someone else saved kept as a conflict (the
 * text stays until a reload), a bad field marked, and publish, schedule, unpublish and restore.
 * A contributor may change drafts only.
 */
export function useVersionedEditor<F, V>(
  initialForm: () => F,
  initialSaved: SavedState | null,
  calls: VersionedCalls<F, V>,
) {
  const { m, f } = useConsoleT();
  const t = m.editor;
  const me = useMe();
  const { message } = App.useApp();
  const isEditor = rolesAllow(me.roles, ['editor']);
  const [form, setForm] = useState<F>(initialForm);
  const [saved, setSaved] = useState<SavedState | null>(initialSaved);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  // What an awaited save reads when its turn comes: the latest text and version, not a render's.
  const formRef = useRef(form);
  const savedRef = useRef(saved);
  const callsRef = useRef(calls);
  useLayoutEffect(() => {
    formRef.current = form;
    savedRef.current = saved;
    callsRef.current = calls;
  });

  /** A change that is not the member's (a default filled in): not marked unsaved. */
  const adjust = useCallback((fn: (f: F) => F) => setForm(fn), []);

  const status = saved?.status ?? 'draft';
  const live = status !== 'draft';
  const readOnly = live && !isEditor;

  // Changes made while a save is on its way stay unsaved after it.
  const changes = useRef(0);

  // Kept in the ref at once: the next write in line names this version before React renders.
  const took = useCallback((s: SavedRow, publishedAt?: string | null) => {
    const next = { ...s, publishedAt: publishedAt ?? savedRef.current?.publishedAt ?? null };
    savedRef.current = next;
    setSaved(next);
  }, []);

  /** A call's refusal: a conflict keeps the text and offers a reload; a bad field is marked. */
  const refused = useCallback(
    (e: unknown) => {
      const err = e instanceof RequestError ? e : null;
      if (err?.code === 409 && (/staleVersion$/.test(err.ref?.key ?? '') || /version|版/i.test(err.msg)))
        setConflict(err.text);
      else {
        setInvalid(fieldOf(err?.msg));
        message.error(err?.text ?? String(e));
      }
    },
    [message],
  );

  const inflight = useRef<Promise<unknown>>(Promise.resolve());
  const saveNow = async (quiet: boolean): Promise<SavedState | null> => {
    const s = savedRef.current;
    const seen = changes.current;
    try {
      const r = await callsRef.current.save(formRef.current, s);
      const next = { ...r, publishedAt: s?.publishedAt ?? null };
      setSaved(next);
      savedRef.current = next;
      if (changes.current === seen) setDirty(false);
      if (!s) callsRef.current.created(r.id);
      if (!quiet) message.success(f(t.saved, { v: r.version }));
      return next;
    } catch (e) {
      refused(e);
      return null;
    }
  };
  /** Saves what is in the editor, after any save already on its way. */
  const save = (quiet = false): Promise<SavedState | null> => {
    const next = inflight.current.then(() => saveNow(quiet));
    inflight.current = next;
    return next;
  };

  const autosave = useAutosave({ enabled: !live && !conflict && !busy, dirty, save });

  const update = (next: F) => {
    changes.current++;
    setForm(next);
    setDirty(true);
    setInvalid(null);
    autosave.touched();
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  /**
   * Another write on the item (an attachment added, say) that answers its next version: it runs
   * after any save on its way, names the version saved last, and takes the new one.
   */
  const write = (work: (s: SavedState) => Promise<SavedRow>): Promise<SavedRow | null> => {
    const next = inflight.current.then(async () => {
      const s = savedRef.current;
      if (!s) return null;
      try {
        const r = await work(s);
        took(r);
        return r;
      } catch (e) {
        refused(e);
        return null;
      }
    });
    inflight.current = next;
    return next;
  };

  const publish = (at?: string) =>
    run(async () => {
      const s = dirty || !savedRef.current ? await save(true) : savedRef.current;
      if (!s) return;
      try {
        took(await callsRef.current.publish(s, at), at ?? new Date().toISOString());
        message.success(at ? f(t.scheduled, { at: dateTime(at) }) : t.published);
      } catch (e) {
        refused(e);
      }
    });

  const unpublish = () =>
    run(async () => {
      try {
        took(await callsRef.current.unpublish(savedRef.current!));
        message.success(t.unpublished);
      } catch (e) {
        refused(e);
      }
    });

  const restore = async (v: V) => {
    try {
      const r = await callsRef.current.restore(savedRef.current!, v);
      setForm(r.form);
      took(r.saved);
      setDirty(false);
      message.success(f(m.versions.restored, { v: r.saved.version }));
    } catch (e) {
      refused(e);
    }
  };

  return {
    form,
    update,
    adjust,
    saved,
    status,
    live,
    readOnly,
    isEditor,
    dirty,
    busy,
    invalid,
    conflict,
    /** After a conflict: drop the text in hand (the caller reloads). */
    dropConflict: () => {
      setConflict(null);
      setDirty(false);
    },
    autosave,
    save,
    run,
    write,
    publish,
    unpublish,
    restore,
  };
}

export type VersionedEditor<F, V> = ReturnType<typeof useVersionedEditor<F, V>>;
