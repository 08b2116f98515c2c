'use client';

import { Typography } from 'antd';
import { useConsoleT } from '../i18n';
import { ConsolePage } from '../shared/console-page';
import { ImportHistory } from './import-history';
import { ImportUpload } from './import-upload';

/** /console/data/imports (role `data`): upload a price file, see what it did, and every import before. */
export function ImportsPage() {
  const { m } = useConsoleT();
  return (
    <ConsolePage title={m.imports.title} roles={['data']}>
      <Typography.Paragraph type="secondary">{m.imports.intro}</Typography.Paragraph>
      <ImportUpload />
      <ImportHistory />
    </ConsolePage>
  );
}
