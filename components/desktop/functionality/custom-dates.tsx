'use client';

import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const ISO = 'YYYY-MM-DD';

/**
 * The custom period's first and last day, written as the portal writes dates (2026-08-28), not in
 * the browser's locale ("08/28/2026", as a native date input showed them). Loaded only when the
 * custom period is chosen (filters-bar.tsx).
 */
export default function CustomDates({
  from,
  to,
  max,
  labels,
  onChange,
}: {
  from: string;
  to: string;
  /** The last day that can be chosen (today). */
  max: string;
  labels: { from: string; to: string };
  onChange: (from: string, to: string) => void;
}) {
  return (
    <DatePicker.RangePicker
      format={ISO}
      value={[dayjs(from), dayjs(to)]}
      allowClear={false}
      disabledDate={(d: Dayjs) => d.format(ISO) > max}
      placeholder={[labels.from, labels.to]}
      onChange={(v) => {
        const [a, b] = v ?? [];
        if (a && b) onChange(a.format(ISO), b.format(ISO));
      }}
      data-testid="custom-dates"
    />
  );
}
