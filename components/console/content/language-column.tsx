'use client';

import { Form, Input } from 'antd';
import type { Locale } from '@/lib/shared/locale';
import { useConsoleT } from '../i18n';
import { RichText } from './rich-text';
import styles from './content.module.css';

type Texts = { title: string; summary: string };
/** An article's fields a document has not: its byline and its cover's description. */
type ArticleOnly = 'source' | 'author' | 'coverAlt';

/**
 * One language of what is edited: title, summary and the rich text (`body` of an article,
 * `content` of a document); for an article also its source and author and the cover's description.
 */
export function LanguageColumn<T extends Texts>({
  locale,
  value,
  onChange,
  invalidField,
  readOnly,
  bodyKey,
  bodyLabel,
  article = false,
}: {
  locale: Locale;
  value: T;
  onChange: (v: T) => void;
  invalidField: string | null;
  readOnly: boolean;
  bodyKey: keyof T & string;
  bodyLabel: string;
  article?: boolean;
}) {
  const { m } = useConsoleT();
  const t = m.editor;
  type Key = keyof Texts | ArticleOnly | (keyof T & string);
  const field = (k: Key) => `texts.${locale}.${k}`;
  const status = (k: Key) => (invalidField === field(k) ? 'error' : undefined);
  const text = (k: Key) => (value as unknown as Record<string, string | undefined>)[k] ?? '';
  const set = (k: Key) => (v: string) => onChange({ ...value, [k]: v });
  const input = (k: Key, label: string, maxLength: number) => (
    <Form.Item label={label} validateStatus={status(k)} htmlFor={field(k)}>
      <Input id={field(k)} value={text(k)} maxLength={maxLength} onChange={(e) => set(k)(e.target.value)} />
    </Form.Item>
  );
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
        {article && (
          <div className={styles.byline}>
            {input('source', t.source, 100)}
            {input('author', t.author, 100)}
          </div>
        )}
        <Form.Item label={bodyLabel} validateStatus={status(bodyKey)}>
          <RichText
            value={text(bodyKey)}
            onChange={set(bodyKey)}
            label={`${bodyLabel} · ${heading}`}
            lang={locale}
            invalid={status(bodyKey) === 'error'}
            readOnly={readOnly}
          />
        </Form.Item>
        {article && input('coverAlt', t.coverAlt, 200)}
      </Form>
    </section>
  );
}
