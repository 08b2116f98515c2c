'use client';

import { Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { dateTime } from '../format';
import { useConsoleT } from '../i18n';
import { diffRows } from './json-diff';
import styles from './diff-table.module.css';

/** A stored instant (`2026-11-29T03:14:52.000Z`), which the table shows in Beijing time as the log's own column does. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Two records field by field, the changed ones marked; unchanged fields on request. */
export function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const { m, f } = useConsoleT();
  const [all, setAll] = useState(false);
  const rows = useMemo(() => diffRows(before, after), [before, after]);
  const changed = rows.filter((r) => r.changed);
  const shown = all ? rows : changed;
  const cell = (v: string | null, gone: string) =>
    v === null ? (
      <Typography.Text type="secondary">{gone}</Typography.Text>
    ) : INSTANT.test(v) ? (
      // The stored value stays a hover away (and in the CSV export).
      <div className={styles.value} title={v}>
        {dateTime(v, { seconds: true })}
      </div>
    ) : (
      <div className={styles.value}>{v}</div>
    );
  return (
    <div className={styles.wrap}>
      <div className={styles.bar}>
        <Typography.Text type="secondary">
          {changed.length ? '' : m.audit.noChanges} {f(m.audit.unchangedFields, { n: rows.length - changed.length })}
        </Typography.Text>
        <label className={styles.toggle}>
          <Switch size="small" checked={all} onChange={setAll} /> {m.audit.showUnchanged}
        </label>
      </div>
      <Table
        size="small"
        pagination={false}
        rowKey="path"
        dataSource={shown}
        rowClassName={(r) => (r.changed ? (styles.changed ?? '') : '')}
        tableLayout="fixed"
        columns={[
          { title: m.audit.field, dataIndex: 'path', width: 180, render: (p: string) => <code>{p}</code> },
          { title: m.audit.before, render: (_, r) => cell(r.before, m.audit.created) },
          { title: m.audit.after, render: (_, r) => cell(r.after, m.audit.deleted) },
        ]}
      />
    </div>
  );
}
