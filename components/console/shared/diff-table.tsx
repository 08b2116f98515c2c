'use client';

import { Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useConsoleT } from '../i18n';
import { diffRows } from './json-diff';
import styles from './diff-table.module.css';

/** Two records field by field, the changed ones marked; unchanged fields on request. */
export function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const { m, f } = useConsoleT();
  const [all, setAll] = useState(false);
  const rows = useMemo(() => diffRows(before, after), [before, after]);
  const changed = rows.filter((r) => r.changed);
  const shown = all ? rows : changed;
  const cell = (v: string | null, gone: string) =>
    v === null ? <Typography.Text type="secondary">{gone}</Typography.Text> : <div className={styles.value}>{v}</div>;
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
