'use client';

import { Segmented, type SegmentedProps } from 'antd';
import s from './functionality.module.css';

/** A labelled choice of a few values in the filter bar: the label names the group for screen readers too. */
export function SegmentedField<T extends string>({ label, ...props }: { label: string } & SegmentedProps<T>) {
  return (
    <div className={s.field} role="group" aria-label={label}>
      <span>{label}</span>
      <Segmented<T> aria-label={label} {...props} />
    </div>
  );
}
