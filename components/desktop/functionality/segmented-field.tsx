'use client';

import { Segmented, type SegmentedProps } from 'antd';
import s from './functionality.module.css';

/** A labelled choice of a few values in the filter bar: the label names the group for screen readers too. */
export function SegmentedField<T extends string>({ label, ...props }: { label: string } & SegmentedProps<T>) {
  return (
    <div className={s.field} role="group" aria-label={label}>
      <span>{label}</span>
      {/* Its options are radios, one tab stop: the control's own box is not a second one. */}
      <Segmented<T> aria-label={label} tabIndex={-1} {...props} />
    </div>
  );
}
