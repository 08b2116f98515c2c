// Generates the site's illustrations (PNG, flat vector art rendered with sharp)
// into public/content/. The outputs are committed; run again only to change them:
//   node scripts/gen-illustrations.mjs
// next/image serves them resized as WebP/AVIF.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.join(process.cwd(), 'public', 'content');

// A small deterministic PRNG so re-running yields the same pictures.
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const PALETTES = {
  green: ['#0f7b5f', '#12a37c', '#bfe8d6', '#e7f4ef', '#0a5f49'],
  teal: ['#0e7c86', '#22a5b0', '#c3eaee', '#eaf7f8', '#095a61'],
  amber: ['#c77d06', '#e59a1a', '#fbe3b5', '#fff6e6', '#8a5604'],
  blue: ['#2f5fb3', '#4f82d6', '#cfdcf5', '#eef3fc', '#1f417f'],
  rose: ['#b5475a', '#d8687b', '#f6d3da', '#fdf0f2', '#7d2c3b'],
  slate: ['#334e5c', '#56788a', '#d2dee4', '#f1f5f7', '#1f3340'],
};

const bg = (w, h, p) => `<rect width="${w}" height="${h}" fill="${p[3]}"/>
  <circle cx="${w * 0.85}" cy="${h * 0.15}" r="${h * 0.5}" fill="${p[2]}" opacity="0.55"/>
  <circle cx="${w * 0.1}" cy="${h * 1.05}" r="${h * 0.45}" fill="${p[2]}" opacity="0.45"/>`;

function fields(w, h, p, r) {
  let s = '';
  const horizon = h * 0.55;
  for (let i = 0; i < 9; i++) {
    const y = horizon + (i * (h - horizon)) / 9;
    s += `<path d="M0 ${y} Q ${w / 2} ${y - 18 - r() * 20} ${w} ${y}" stroke="${i % 2 ? p[1] : p[0]}" stroke-width="${10 + i * 2}" fill="none" opacity="0.85"/>`;
  }
  s += `<circle cx="${w * 0.78}" cy="${h * 0.25}" r="${h * 0.09}" fill="#f5c542"/>`;
  return s;
}

function chart(w, h, p, r) {
  const x0 = w * 0.12,
    x1 = w * 0.88,
    y0 = h * 0.2,
    y1 = h * 0.78;
  let pts = [],
    v = 0.5;
  for (let i = 0; i <= 24; i++) {
    v = Math.min(0.95, Math.max(0.1, v + (r() - 0.45) * 0.16));
    pts.push([x0 + ((x1 - x0) * i) / 24, y1 - (y1 - y0) * v]);
  }
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
  let grid = '';
  for (let i = 0; i <= 4; i++)
    grid += `<line x1="${x0}" x2="${x1}" y1="${y0 + ((y1 - y0) * i) / 4}" y2="${y0 + ((y1 - y0) * i) / 4}" stroke="${p[2]}" stroke-width="2"/>`;
  let bars = '';
  for (let i = 0; i < 24; i += 2) {
    const bh = (y1 - y0) * (0.12 + r() * 0.25);
    bars += `<rect x="${x0 + ((x1 - x0) * i) / 24}" y="${y1 - bh}" width="${(x1 - x0) / 30}" height="${bh}" fill="${p[2]}"/>`;
  }
  return `<rect x="${w * 0.08}" y="${h * 0.12}" width="${w * 0.84}" height="${h * 0.74}" rx="18" fill="#fff" opacity="0.92"/>${grid}${bars}
    <path d="${line} L${x1} ${y1} L${x0} ${y1} Z" fill="${p[1]}" opacity="0.18"/>
    <path d="${line}" stroke="${p[0]}" stroke-width="6" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
    <circle cx="${pts.at(-1)[0]}" cy="${pts.at(-1)[1]}" r="11" fill="${p[4]}"/>`;
}

function market(w, h, p, r) {
  let s = `<rect x="0" y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="${p[2]}"/>`;
  for (let i = 0; i < 4; i++) {
    const x = w * 0.06 + i * w * 0.235,
      y = h * 0.3,
      sw = w * 0.2;
    s += `<rect x="${x}" y="${y + 40}" width="${sw}" height="${h * 0.42 - 40}" fill="#fff"/>`;
    for (let k = 0; k < 6; k++)
      s += `<path d="M${x + (k * sw) / 6} ${y} h${sw / 6} v40 a${sw / 12} ${sw / 12} 0 0 1 -${sw / 6} 0z" fill="${k % 2 ? p[0] : '#fff'}" stroke="${p[0]}" stroke-width="2"/>`;
    for (let k = 0; k < 5; k++)
      s += `<circle cx="${x + 20 + (k * (sw - 40)) / 4}" cy="${h * 0.66}" r="${12 + r() * 8}" fill="${['#e2574c', '#f5c542', '#7cc36b', '#f08a24', '#a0522d'][(k + i) % 5]}"/>`;
  }
  return s;
}

function truck(w, h, p, r) {
  let route = `M${w * 0.08} ${h * 0.8}`;
  for (let i = 1; i <= 5; i++)
    route += ` Q ${w * (0.08 + i * 0.17 - 0.08)} ${h * (0.2 + r() * 0.5)} ${w * (0.08 + i * 0.17)} ${h * (0.3 + r() * 0.5)}`;
  let pins = '';
  for (let i = 0; i < 6; i++)
    pins += `<circle cx="${w * (0.08 + i * 0.17)}" cy="${h * (0.25 + r() * 0.5)}" r="14" fill="${p[0]}"/><circle cx="${w * (0.08 + i * 0.17)}" cy="${h * (0.25 + r() * 0.5)}" r="6" fill="#fff"/>`;
  const tx = w * 0.55,
    ty = h * 0.55;
  return `<path d="${route}" stroke="${p[1]}" stroke-width="8" stroke-dasharray="18 14" fill="none"/>${pins}
    <g transform="translate(${tx} ${ty})"><rect width="220" height="110" rx="10" fill="${p[0]}"/><rect x="220" y="30" width="90" height="80" rx="10" fill="${p[4]}"/>
    <rect x="240" y="42" width="50" height="30" rx="4" fill="${p[2]}"/><circle cx="60" cy="115" r="24" fill="#223"/><circle cx="260" cy="115" r="24" fill="#223"/></g>`;
}

function shield(w, h, p) {
  const cx = w / 2,
    cy = h * 0.5,
    s = h * 0.32;
  return `<path d="M${cx} ${cy - s} L${cx + s * 0.85} ${cy - s * 0.6} V${cy + s * 0.1} C${cx + s * 0.85} ${cy + s * 0.6} ${cx + s * 0.3} ${cy + s * 0.9} ${cx} ${cy + s} C${cx - s * 0.3} ${cy + s * 0.9} ${cx - s * 0.85} ${cy + s * 0.6} ${cx - s * 0.85} ${cy + s * 0.1} V${cy - s * 0.6} Z" fill="${p[0]}"/>
    <path d="M${cx - s * 0.35} ${cy} l${s * 0.25} ${s * 0.25} l${s * 0.5} -${s * 0.5}" stroke="#fff" stroke-width="${s * 0.12}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="${w * 0.08}" y="${h * 0.25}" width="${w * 0.22}" height="${h * 0.5}" rx="14" fill="#fff"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${w * 0.1}" y="${h * (0.31 + i * 0.1)}" width="${w * 0.16}" height="14" rx="7" fill="${p[2]}"/>`).join('')}
    <rect x="${w * 0.7}" y="${h * 0.25}" width="${w * 0.22}" height="${h * 0.5}" rx="14" fill="#fff"/>
    <circle cx="${w * 0.81}" cy="${h * 0.42}" r="${h * 0.09}" fill="${p[1]}"/>`;
}

function recycle(w, h, p) {
  const colors = ['#2f7d32', '#1565c0', '#c62828', '#6d6d6d'];
  return (
    colors
      .map((c, i) => {
        const x = w * 0.14 + i * w * 0.19;
        return `<rect x="${x}" y="${h * 0.32}" width="${w * 0.14}" height="${h * 0.5}" rx="12" fill="${c}"/><rect x="${x - 8}" y="${h * 0.26}" width="${w * 0.14 + 16}" height="${h * 0.07}" rx="8" fill="${c}" opacity="0.8"/>
      <path d="M${x + w * 0.07} ${h * 0.45} l18 30 h-36z" fill="#fff" opacity="0.9"/>`;
      })
      .join('') + `<rect x="0" y="${h * 0.82}" width="${w}" height="${h * 0.18}" fill="${p[2]}"/>`
  );
}

function dashboard(w, h, p, r) {
  let s = `<rect x="${w * 0.06}" y="${h * 0.1}" width="${w * 0.88}" height="${h * 0.8}" rx="20" fill="${p[4]}"/>`;
  for (let i = 0; i < 3; i++)
    s += `<rect x="${w * (0.1 + i * 0.28)}" y="${h * 0.18}" width="${w * 0.24}" height="${h * 0.18}" rx="12" fill="${p[0]}"/><rect x="${w * (0.12 + i * 0.28)}" y="${h * 0.24}" width="${w * (0.08 + r() * 0.1)}" height="18" rx="9" fill="${p[2]}"/>`;
  let pts = '';
  for (let i = 0; i <= 12; i++) pts += `${i ? 'L' : 'M'}${w * (0.1 + i * 0.045)} ${h * (0.8 - r() * 0.3)} `;
  s += `<rect x="${w * 0.1}" y="${h * 0.42}" width="${w * 0.54}" height="${h * 0.42}" rx="12" fill="${p[0]}" opacity="0.6"/><path d="${pts}" stroke="${p[2]}" stroke-width="5" fill="none"/>`;
  s += `<circle cx="${w * 0.79}" cy="${h * 0.63}" r="${h * 0.17}" fill="none" stroke="${p[0]}" stroke-width="${h * 0.06}"/><circle cx="${w * 0.79}" cy="${h * 0.63}" r="${h * 0.17}" fill="none" stroke="${p[2]}" stroke-width="${h * 0.06}" stroke-dasharray="${h * 0.7} ${h * 2}"/>`;
  return s;
}

function map(w, h, p, r) {
  let s = '';
  for (let i = 0; i < 140; i++) {
    const x = w * (0.12 + r() * 0.76),
      y = h * (0.15 + r() * 0.7);
    // a rough, wide silhouette: keep dots inside an ellipse
    const dx = (x / w - 0.5) / 0.4,
      dy = (y / h - 0.5) / 0.36;
    if (dx * dx + dy * dy > 1) continue;
    s += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(4 + r() * 6).toFixed(1)}" fill="${r() > 0.8 ? p[4] : p[1]}" opacity="0.8"/>`;
  }
  return s;
}

function people(w, h, p, r) {
  let s = `<rect x="0" y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="${p[2]}"/>`;
  for (let i = 0; i < 5; i++) {
    const x = w * (0.14 + i * 0.18),
      y = h * (0.45 + r() * 0.06);
    s += `<circle cx="${x}" cy="${y - 70}" r="38" fill="${['#f2c29b', '#d9a07a', '#e8b48e'][i % 3]}"/><path d="M${x - 70} ${h * 0.8} Q ${x - 70} ${y - 20} ${x} ${y - 20} Q ${x + 70} ${y - 20} ${x + 70} ${h * 0.8} Z" fill="${[p[0], p[1], p[4]][i % 3]}"/>`;
  }
  return s;
}

function play(w, h, p, r) {
  return (
    fields(w, h, p, r) +
    `<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.13}" fill="#000" opacity="0.45"/><path d="M${w / 2 - h * 0.04} ${h / 2 - h * 0.065} l${h * 0.1} ${h * 0.065} l-${h * 0.1} ${h * 0.065}z" fill="#fff"/>`
  );
}

const MOTIFS = { fields, chart, market, truck, shield, recycle, dashboard, map, people, play };

const IMAGES = [
  ['home/slide-prices', 'chart', 'green', 1200, 600],
  ['home/slide-platforms', 'market', 'amber', 1200, 600],
  ['home/slide-regulators', 'dashboard', 'teal', 1200, 600],
  ['products/farming-1', 'fields', 'green', 1200, 600],
  ['products/farming-2', 'chart', 'amber', 1200, 600],
  ['products/electronicLedger-1', 'market', 'teal', 1200, 600],
  ['products/electronicLedger-2', 'dashboard', 'green', 1200, 600],
  ['products/distributionSystem-1', 'truck', 'blue', 1200, 600],
  ['products/distributionSystem-2', 'map', 'teal', 1200, 600],
  ['products/enforceSystem-1', 'shield', 'slate', 1200, 600],
  ['products/enforceSystem-2', 'dashboard', 'blue', 1200, 600],
  ['solutions/garbage', 'recycle', 'green', 1200, 600],
  ['solutions/numberSupervise', 'dashboard', 'slate', 1200, 600],
  ['solutions/shopExplore', 'market', 'rose', 1200, 600],
  ['solutions/securitySolution', 'shield', 'teal', 1200, 600],
  ['about/team', 'people', 'green', 1200, 675],
  ['about/video-poster', 'play', 'green', 1280, 720],
  ['about/map', 'map', 'green', 1200, 700],
  ...['market', 'company', 'industry', 'policy'].flatMap((cat, ci) =>
    [0, 1, 2].map((k) => [
      `news/${cat}-${k + 1}`,
      [
        ['chart', 'market', 'fields'],
        ['people', 'dashboard', 'map'],
        ['truck', 'fields', 'market'],
        ['shield', 'doc' === '' ? 'map' : 'dashboard', 'recycle'],
      ][ci][k],
      [
        ['green', 'amber', 'teal'],
        ['blue', 'green', 'slate'],
        ['teal', 'amber', 'rose'],
        ['slate', 'blue', 'green'],
      ][ci][k],
      1200,
      675,
    ]),
  ),
];

let seed = 7;
for (const [name, motif, pal, w, h] of IMAGES) {
  const p = PALETTES[pal];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${bg(w, h, p)}${MOTIFS[motif](w, h, p, rng(seed++ * 7919))}</svg>`;
  const file = path.join(OUT, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer(),
  );
  console.log(`${name}.png ${w}x${h}`);
}
