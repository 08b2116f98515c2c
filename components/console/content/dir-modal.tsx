'use client';

import { Form, Input, Modal, TreeSelect } from 'antd';
import { useEffect } from 'react';
import type { ConsoleDir } from '@/lib/api/console/schemas/documents';
import { useConsoleT } from '../i18n';

type Values = { zh: string; en: string; parentId: number | null };
const TOP = 0;

/** The tree as a picker's options, leaving out one directory and everything beneath it (a move target). */
export function dirOptions(dirs: ConsoleDir[], locale: 'zh-CN' | 'en', without?: number): DirOption[] {
  return dirs
    .filter((d) => d.id !== without)
    .map((d) => ({
      value: d.id,
      title: d.name[locale] || d.name[locale === 'en' ? 'zh-CN' : 'en'],
      children: dirOptions(d.children, locale, without),
    }));
}
export type DirOption = { value: number; title: string; children: DirOption[] };

/**
 * Create a directory (under `parentId`), or rename and move one: names in both languages and the
 * directory it sits in. `onSubmit` makes the calls; a refusal keeps the modal open.
 */
export function DirModal({
  open,
  dirs,
  editing,
  parentId,
  busy,
  invalid,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  dirs: ConsoleDir[];
  editing: ConsoleDir | null;
  parentId: number | null;
  busy: boolean;
  invalid: string | null;
  onCancel: () => void;
  onSubmit: (v: { name: { 'zh-CN': string; en: string }; parentId: number | null }) => void;
}) {
  const { m, f, locale } = useConsoleT();
  const t = m.dirs;
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      zh: editing?.name['zh-CN'] ?? '',
      en: editing?.name.en ?? '',
      parentId: (editing ? editing.parentId : parentId) ?? TOP,
    });
  }, [open, editing, parentId, form]);
  const lang = locale === 'zh-CN' ? 'zh-CN' : 'en';
  const status = (field: string) => (invalid === field ? ('error' as const) : undefined);
  return (
    <Modal
      title={editing ? f(t.editTitle, { name: editing.name[lang] }) : t.newTitle}
      open={open}
      onCancel={onCancel}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) =>
          onSubmit({
            name: { 'zh-CN': v.zh.trim(), en: v.en.trim() },
            parentId: v.parentId === TOP ? null : v.parentId,
          })
        }
      >
        <Form.Item name="zh" label={t.nameZh} required validateStatus={status('name.zh-CN')}>
          <Input maxLength={80} lang="zh-CN" />
        </Form.Item>
        <Form.Item name="en" label={t.nameEn} required validateStatus={status('name.en')}>
          <Input maxLength={80} lang="en" />
        </Form.Item>
        <Form.Item name="parentId" label={t.parent} validateStatus={status('parentId')}>
          <TreeSelect
            aria-label={t.parent}
            treeDefaultExpandAll
            treeData={[{ value: TOP, title: t.top, children: dirOptions(dirs, lang, editing?.id) }]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
