// /dev/sms — the texts the outbox SMS adapter kept instead of sending (development and demos),
// one phone at a time: it never lists every number's codes.
import { notFound } from 'next/navigation';
import { phoneSchema } from '@/lib/api/schemas/common';
import { listOutbox, outboxActive } from '@/lib/server/adapters/sms';
import { getDb } from '@/lib/server/db/client';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'SMS outbox', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ phone?: string | string[] }> };

const cell = {
  border: '1px solid #ccc',
  padding: '4px 8px',
  textAlign: 'left' as const,
  verticalAlign: 'top' as const,
};

export default async function SmsOutboxPage({ searchParams }: Props) {
  if (!outboxActive()) notFound();
  const { phone: raw } = await searchParams;
  const parsed = phoneSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  const phone = parsed.success ? parsed.data : undefined;
  const rows = phone ? await listOutbox(await getDb(), phone) : [];
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>SMS outbox</h1>
      <p>
        Texts are kept here instead of being sent (SMS_ADAPTER=outbox). Enter a phone number to see the texts sent to
        it, newest first.
      </p>
      <form method="get" style={{ marginBottom: 16 }}>
        <label>
          Phone <input name="phone" defaultValue={phone ?? ''} inputMode="numeric" />
        </label>{' '}
        <button type="submit">Show</button>
      </form>
      {!phone ? null : rows.length === 0 ? (
        <p>No texts for {phone} yet.</p>
      ) : (
        <table style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {['Sent at', 'Phone', 'Purpose', 'Code', 'Text'].map((h) => (
                <th key={h} style={cell}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td style={cell}>
                  <time dateTime={r.sentAt}>{r.sentAt.replace('T', ' ').slice(0, 19)} UTC</time>
                </td>
                <td style={cell}>{r.phone}</td>
                <td style={cell}>{r.purpose}</td>
                <td style={{ ...cell, fontFamily: 'monospace', fontSize: 18 }}>{r.code ?? '—'}</td>
                <td style={cell}>{r.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
