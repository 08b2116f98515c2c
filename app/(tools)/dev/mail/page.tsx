// /dev/mail — the e-mails the outbox mail adapter kept instead of sending (development and demos),
// one address at a time: it never lists every address's mail.
import { notFound } from 'next/navigation';
import { listMailOutbox, mailOutboxActive } from '@/lib/server/adapters/mail';
import { getDb } from '@/lib/server/db/client';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Mail outbox', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ to?: string | string[] }> };

const LINK = /(https?:\/\/[^\s<]+)/g;

export default async function MailOutboxPage({ searchParams }: Props) {
  if (!mailOutboxActive()) notFound();
  const { to: raw } = await searchParams;
  const to = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const rows = /^[^\s@]+@[^\s@]+$/.test(to) ? await listMailOutbox(await getDb(), to) : [];
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24, maxWidth: 900 }}>
      <h1>Mail outbox</h1>
      <p>
        E-mails are kept here instead of being sent (MAIL_ADAPTER=outbox). Enter an address to see the messages sent to
        it, newest first.
      </p>
      <form method="get" style={{ marginBottom: 16 }}>
        <label>
          To <input name="to" type="email" defaultValue={to} />
        </label>{' '}
        <button type="submit">Show</button>
      </form>
      {!to ? null : rows.length === 0 ? (
        <p>No e-mails for {to} yet.</p>
      ) : (
        rows.map((m) => (
          <article
            key={`${m.sentAt}|${m.subject}`}
            style={{ border: '1px solid #ccc', padding: 12, marginBottom: 12 }}
            data-testid="mail"
          >
            <p style={{ margin: 0, color: '#555', fontSize: 13 }}>
              {m.sentAt} · to {m.to}
              {m.headers['List-Unsubscribe'] && <> · List-Unsubscribe: {m.headers['List-Unsubscribe']}</>}
            </p>
            <h2 style={{ fontSize: 16 }}>{m.subject}</h2>
            {m.text.split('\n').map((line, i) => (
              <p key={i} style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}>
                {line.split(LINK).map((part, j) =>
                  /^https?:\/\//.test(part) ? (
                    <a key={j} href={part}>
                      {part}
                    </a>
                  ) : (
                    part
                  ),
                )}
              </p>
            ))}
          </article>
        ))
      )}
    </main>
  );
}
