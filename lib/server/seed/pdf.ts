import 'server-only';

/**
 * A small, valid PDF 1.4 writer for the seeded document attachments: A4 pages
 * of wrapped text. Latin text uses Helvetica; Chinese uses the standard CJK
 * font STSong-Light (UniGB-UCS2-H), which PDF readers supply themselves, so
 * no font is embedded and the files stay a few kilobytes.
 */

type Line = { text: string; size: number; cjk: boolean; gap?: number };

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 56;

const LATIN_MAP: Record<string, string> = {
  '\u2019': "'",
  '\u2018': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u2192': '->',
  '\u00d7': 'x',
};

function latin(s: string): string {
  return [...s]
    .map((c) => LATIN_MAP[c] ?? (c.charCodeAt(0) < 128 ? c : '?'))
    .join('')
    .replace(/[\\()]/g, (m) => '\\' + m);
}

function ucs2Hex(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    // Outside the BMP: not in the GB1 collection anyway.
    out += (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0');
  }
  return out;
}

function wrap(text: string, max: number, cjk: boolean): string[] {
  const out: string[] = [];
  if (cjk) {
    const chars = [...text];
    for (let i = 0; i < chars.length; i += max) out.push(chars.slice(i, i + max).join(''));
    return out.length ? out : [''];
  }
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > max) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.length ? out : [''];
}

export type PdfBlock = { text: string; cjk?: boolean; size?: number; heading?: boolean };

/** Lays blocks out on as many A4 pages as needed and returns the PDF bytes. */
export function makePdf(title: string, blocks: PdfBlock[]): Uint8Array {
  const lines: Line[] = [];
  for (const b of blocks) {
    const size = b.size ?? (b.heading ? 15 : 10.5);
    const cjk = !!b.cjk;
    // Rough widths: Helvetica ~0.5 em per character, CJK 1 em.
    const max = Math.floor((PAGE_W - 2 * MARGIN) / (size * (cjk ? 1 : 0.5)));
    wrap(b.text, max, cjk).forEach((t, i) =>
      lines.push({ text: t, size, cjk, gap: i === 0 ? (b.heading ? 14 : 8) : 0 }),
    );
  }

  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  for (const l of lines) {
    const h = l.size * 1.45 + (l.gap ?? 0);
    if (y - h < MARGIN) {
      pages.push(ops.join('\n'));
      ops = [];
      y = PAGE_H - MARGIN;
    }
    y -= h;
    const str = l.cjk ? `<${ucs2Hex(l.text)}>` : `(${latin(l.text)})`;
    ops.push(`BT /${l.cjk ? 'F2' : 'F1'} ${l.size} Tf ${MARGIN} ${y.toFixed(1)} Td ${str} Tj ET`);
  }
  pages.push(ops.join('\n'));

  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 CJK Type0, 5 CIDFont, 6 descriptor, 7 info, then page + content pairs.
  const objs: string[] = [];
  const pageIds = pages.map((_, i) => 8 + i * 2);
  objs[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objs[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objs[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objs[4] =
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [5 0 R] >>';
  objs[5] =
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 6 0 R /DW 1000 >>';
  objs[6] =
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>';
  objs[7] = `<< /Title <FEFF${ucs2Hex(title)}> /Producer (Yoonop Agri-Data) >>`;
  pages.forEach((content, i) => {
    const pageId = pageIds[i]!;
    const bytes = Buffer.byteLength(content, 'latin1');
    objs[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objs[pageId + 1] = `<< /Length ${bytes} >>\nstream\n${content}\nendstream`;
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objs.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objs[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objs.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
