'use client';

import s from './iso-date-input.module.css';

/**
 * A phone's date field: the phone's own date picker, with the date written as the portal writes dates
 * (2026-08-28), not in the browser's locale ("08/28/2026", as a bare date input shows it). The native
 * input lies transparent over the written date, so a tap opens the phone's picker; the label around
 * this names the input. Desktop uses antd's picker instead (desktop/functionality/custom-dates.tsx).
 */
export function IsoDateInput({
  value,
  min,
  max,
  onChange,
}: {
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <span className={s.box} data-testid="iso-date">
      <span aria-hidden="true">{value}</span>
      <input
        className={s.native}
        type="date"
        value={value}
        min={min}
        max={max}
        onClick={(e) => {
          // Chromium opens the picker only from its own icon; a tap anywhere on the field should.
          try {
            e.currentTarget.showPicker();
          } catch {
            // Not allowed here (no user gesture, or an old browser): the native behaviour stays.
          }
        }}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
    </span>
  );
}
