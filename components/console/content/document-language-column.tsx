'use client';

import { Form, Input } from 'antd';
import type { Locale } from '@/lib/shared/locale';
import { useConsoleT } from '../i18n';
import type { DocumentTextsForm } from './document-form';
import { RichText } from './rich-text';
import styles from './content.module.css';

/** One language of a document: title, summary and content. */
export function DocumentLanguageColumn({
  locale,
  value,
  onChange,
  invalidField,
  readOnly,
}: {
  locale: Locale;
  value: DocumentTextsForm;
  onChange: (v: DocumentTextsForm) => void;
  invalidField: string | null;
  readOnly: boolean;
}) {
  const { m } = useConsoleT();
  const t = m.editor;
  const field = (k: keyof DocumentTextsForm) => `texts.${locale}.${k}`;
  const status = (k: keyof DocumentTextsForm) => (invalidField === field(k) ? 'error' : undefined);
  const set = (k: keyof DocumentTextsForm) => (v: string) => onChange({ ...value, [k]: v });
  const heading = locale === 'zh-CN' ? t.zh : t.en;
  return (
    <section className={styles.column} lang={locale} aria-label={heading}>
      <h3 className={styles.columnHead}>{heading}</h3>
      <Form layout="vertical" component="div" disabled={readOnly}>
        <Form.Item label={t.titleLabel} required validateStatus={status('title')} htmlFor={field('title')}>
          <Input
            id={field('title')}
            value={value.title}
            maxLength={200}
            onChange={(e) => set('title')(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t.summary} validateStatus={status('summary')} htmlFor={field('summary')}>
          <Input.TextArea
            id={field('summary')}
            value={value.summary}
            maxLength={600}
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(e) => set('summary')(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={m.docEditor.content} validateStatus={status('content')}>
          <RichText
            value={value.content}
            onChange={set('content')}
            label={`${m.docEditor.content} · ${heading}`}
            lang={locale}
            invalid={status('content') === 'error'}
            readOnly={readOnly}
          />
        </Form.Item>
      </Form>
    </section>
  );
}
