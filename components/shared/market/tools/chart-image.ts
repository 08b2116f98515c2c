/**
 * The chart on screen as a picture to keep: its SVG, with the title above and the source line and
 * date below drawn in, as an SVG file or a PNG (drawn through a canvas at twice the size).
 */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif";
const HEAD = 40;
const FOOT = 44;
const PAD = 16;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A standalone SVG of `chart` with `title` above and `lines` (source, date, URL) below. */
export function chartSvg(
  chart: SVGSVGElement,
  title: string,
  lines: string[],
): { svg: string; width: number; height: number } {
  const box = chart.getBoundingClientRect();
  const w = Math.round(box.width);
  const h = Math.round(box.height);
  const copy = chart.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('x', String(PAD));
  copy.setAttribute('y', String(HEAD));
  copy.setAttribute('width', String(w));
  copy.setAttribute('height', String(h));
  const width = w + 2 * PAD;
  const height = HEAD + h + FOOT;
  const foot = lines
    .map((l, i) => `<text x="${PAD}" y="${HEAD + h + 18 + i * 14}" font-size="11" fill="#56666a">${esc(l)}</text>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(FONT)}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="${PAD}" y="26" font-size="16" font-weight="600" fill="#1d2a2c">${esc(title)}</text>` +
    new XMLSerializer().serializeToString(copy) +
    foot +
    `</svg>`;
  return { svg, width, height };
}

export function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The same picture as a PNG, at twice the screen size so it stays sharp in a document. */
export async function svgToPng(svg: string, width: number, height: number): Promise<Blob> {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = height * 2;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.scale(2, 2);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
