'use client';

import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';

/** A small chart of one figure per day (the dashboard's): the shape of the month, values on hover. */
export default function Spark({
  data,
  label,
  format,
}: {
  data: { day: string; value: number }[];
  label: string;
  format: (v: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height={80}>
      <AreaChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} accessibilityLayer>
        <XAxis dataKey="day" hide />
        <Tooltip
          formatter={(v) => [format(Number(v)), label]}
          labelFormatter={(d) => String(d)}
          contentStyle={{ fontSize: 12 }}
        />
        <Area type="monotone" dataKey="value" stroke="#0f7b5f" fill="#0f7b5f" fillOpacity={0.15} strokeWidth={2} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
