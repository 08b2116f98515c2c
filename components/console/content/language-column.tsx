'use client';

import { Form, Input } from 'antd';
import type { Locale } from '@/lib/shared/locale';
import { useConsoleT } from '../i18n';
import type { ArticleTextsForm } from './article-form';
import { RichText } from './rich-text';
import styles from './content.module.css';

/** One language of the article: title, summary, source and author, body and the cover's description. */
export function LanguageColumn({
  locale,
  value,
  onChange,
  invalidField,
  readOnly,
}: {
  locale: Locale;
  value: ArticleTextsForm;
  onChange: (v: ArticleTextsForm) => void;
  invalidField: string | null;
  readOnly: boolean;
}) {
  const { m } = useConsoleT();
  const t = m.editor;
  const field = (k: keyof ArticleTextsForm) => `texts.${locale}.${k}`;
  const status = (k: keyof ArticleTextsForm) => (invalidField === field(k) ? 'error' : undefined);
  const set = (k: keyof ArticleTextsForm) => (v: string) => onChange({ ...value, [k]: v });
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
        <div className={styles.byline}>
          <Form.Item label={t.source} validateStatus={status('source')} htmlFor={field('source')}>
            <Input
              id={field('source')}
              value={value.source}
              maxLength={100}
              onChange={(e) => set('source')(e.target.value)}
            />
          </Form.Item>
          <Form.Item label={t.author} validateStatus={status('author')} htmlFor={field('author')}>
            <Input
              id={field('author')}
              value={value.author}
              maxLength={100}
              onChange={(e) => set('author')(e.target.value)}
            />
          </Form.Item>
        </div>
        <Form.Item label={t.body} validateStatus={status('body')}>
          <RichText
            value={value.body}
            onChange={set('body')}
            label={`${t.body} · ${heading}`}
            lang={locale}
            invalid={status('body') === 'error'}
            readOnly={readOnly}
          />
        </Form.Item>
        <Form.Item label={t.coverAlt} validateStatus={status('coverAlt')} htmlFor={field('coverAlt')}>
          <Input
            id={field('coverAlt')}
            value={value.coverAlt}
            maxLength={200}
            onChange={(e) => set('coverAlt')(e.target.value)}
          />
        </Form.Item>
      </Form>
    </section>
  );
}
