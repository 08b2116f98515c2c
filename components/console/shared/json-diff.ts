/**
 * Two records as rows of fields (`texts.en.title`), each with its value before and after and
 * whether it changed: what the audit log and the versions show side by side.
 */
export type DiffRow = { path: string; before: string | null; after: string | null; changed: boolean };

function flatten(v: unknown, prefix: string, out: Map<string, string>) {
  if (v === null || v === undefined) {
    if (prefix) out.set(prefix, '');
    return;
  }
  if (typeof v === 'object' && !Array.isArray(v)) {
    const entries = Object.entries(v as Record<string, unknown>);
    if (!entries.length && prefix) out.set(prefix, '{}');
    for (const [k, x] of entries) flatten(x, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.set(prefix || 'value', typeof v === 'string' ? v : JSON.stringify(v));
}

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a);
  flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.map((path) => {
    const x = a.has(path) ? a.get(path)! : null;
    const y = b.has(path) ? b.get(path)! : null;
    return { path, before: before === null ? null : x, after: after === null ? null : y, changed: x !== y };
  });
}

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export const csvField = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Offers text as a file download. */
export function download(name: string, text: string, type = 'text/csv;charset=utf-8') {
  // A byte-order mark so spreadsheet programs read the UTF-8 (Chinese) right.
  const blob = new Blob([type.startsWith('text/csv') ? '\uFEFF' : '', text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
