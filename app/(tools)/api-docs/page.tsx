// /api-docs — the human-readable list of every call, from the contract table.
import type { Metadata } from 'next';
import { callNames, contract, type CallDef } from '@/lib/api/contract';
import { servicePrefix } from '@/lib/api/service-prefix';

// Rendered per request, like every other page: the demo banner and the CSP nonce belong to the running server.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'Every call of the portal API, its path, method and whether it needs a login.',
};

export default function ApiDocsPage() {
  const rows = callNames.map((name) => ({ name, def: contract[name] as CallDef }));
  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px', fontFamily: 'system-ui, sans-serif' }}>
      <h1>API reference</h1>
      <p>
        Every call answers the envelope <code>{'{ code: 1, data }'}</code> or <code>{'{ code, msg }'}</code>. The
        machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            {['Call', 'Method', 'Path', 'Login', 'What it does'].map((h) => (
              <th key={h} scope="col" style={{ textAlign: 'left', borderBottom: '1px solid #ccc', padding: 6 }}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ name, def }) => (
            <tr key={name}>
              <td style={{ padding: 6, borderBottom: '1px solid #eee' }}>{name}</td>
              <td style={{ padding: 6, borderBottom: '1px solid #eee' }}>{def.method}</td>
              <td style={{ padding: 6, borderBottom: '1px solid #eee' }}>
                <code>{servicePrefix(def.service) + def.path}</code>
              </td>
              <td style={{ padding: 6, borderBottom: '1px solid #eee' }}>{def.auth === 'public' ? '—' : def.auth}</td>
              <td style={{ padding: 6, borderBottom: '1px solid #eee' }}>{def.summary}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
