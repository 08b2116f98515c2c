// What the layout suite looks for on a page, run inside the page (page.evaluate): every function
// here must be self-contained (no imports, no outer variables), since Playwright sends its source.

export type PageCheckInput = { lang: 'en' | 'zh-CN'; fabSelector: string };

/**
 * The problems a person would see at the current width, as lines of text:
 * sideways scrolling, header controls that overlap or are covered, chart text outside its chart,
 * text cut off by `overflow: hidden`, a floating button over a primary button, tables with columns
 * cut off, placeholders cut off, and text in the wrong language. Text whose language differs on
 * purpose says so: `lang="…"` on the element (the HTML way), or `data-verbatim` on data names and
 * source attributions shown as the data gives them.
 */
export function findProblems({ lang, fabSelector }: PageCheckInput): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const tag = el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className.trim()
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${tag}${id}${cls}>${text ? ` "${text}"` : ''}`;
  };
  // Seen by a person: rendered, not transparent, bigger than the 1-px box of screen-reader-only text.
  const visible = (el: Element) => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

  // 1. Sideways scrolling: the page is wider than the window.
  const sw = document.documentElement.scrollWidth;
  if (sw > vw + 1) {
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > vw + 1 && r.width > 0 && visible(el);
      })
      // The outermost culprits only: their children overflow with them.
      .filter((el, _, all) => !all.some((o) => o !== el && o.contains(el)))
      .slice(0, 3)
      .map(describe);
    problems.push(`scrolls sideways: ${sw}px wide in a ${vw}px window (${wide.join(', ')})`);
  }

  // 2. Header controls: none overlaps another, and each is what a click at its centre reaches.
  for (const header of document.querySelectorAll('header')) {
    if (!visible(header)) continue;
    const controls = [
      ...header.querySelectorAll('a[href], button, input, select, [role="button"], [role="combobox"], [tabindex="0"]'),
    ].filter((el) => visible(el) && !el.closest('[role="dialog"], [role="menu"], [role="listbox"]'));
    for (let i = 0; i < controls.length; i++) {
      const a = controls[i]!;
      const ra = a.getBoundingClientRect();
      for (let j = i + 1; j < controls.length; j++) {
        const b = controls[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        if (overlap(ra, b.getBoundingClientRect()) > 4)
          problems.push(`header controls overlap: ${describe(a)} and ${describe(b)}`);
      }
      const cx = ra.left + ra.width / 2;
      const cy = ra.top + ra.height / 2;
      if (cx < 0 || cy < 0 || cx > vw || cy > window.innerHeight) continue;
      const hit = document.elementFromPoint(cx, cy);
      if (hit && !a.contains(hit) && !hit.contains(a))
        problems.push(`header control covered: ${describe(a)} is under ${describe(hit)}`);
    }
  }

  // 3. Chart text (axis ticks, legends, labels) inside its chart's box.
  for (const wrapper of document.querySelectorAll('.recharts-wrapper')) {
    if (!visible(wrapper)) continue;
    const box = wrapper.getBoundingClientRect();
    const texts = wrapper.querySelectorAll(
      '.recharts-cartesian-axis-tick-value, .recharts-cartesian-axis-tick text, .recharts-label, .recharts-legend-item-text, .recharts-legend-wrapper',
    );
    for (const t of texts) {
      const r = t.getBoundingClientRect();
      if (r.width === 0) continue;
      // Text drawn in the chart's surface is clipped by it, and the surface by the chart's box:
      // the legend's own little icon surfaces are not what clips a label.
      const surface = t.closest('svg')?.getBoundingClientRect();
      const limit = {
        left: Math.max(box.left, surface?.left ?? box.left),
        right: Math.min(box.right, surface?.right ?? box.right),
        top: Math.max(box.top, surface?.top ?? box.top),
        bottom: Math.min(box.bottom, surface?.bottom ?? box.bottom),
        width: box.width,
      };
      if (r.left < limit.left - 1 || r.right > limit.right + 1 || r.top < limit.top - 1 || r.bottom > limit.bottom + 1)
        problems.push(
          `chart text outside its chart: "${(t.textContent ?? '').trim().slice(0, 30)}" at x ${Math.round(r.left - limit.left)}…${Math.round(r.right - limit.left)} of ${Math.round(limit.width)}`,
        );
    }
  }

  // 4. Text cut off by overflow: hidden in navigation, buttons, table headers, cards and selects.
  const clippers = document.querySelectorAll(
    'nav *, header *, button, a[class*="btn"], [role="tab"], th, [role="columnheader"], .ant-select-selection-item, .ant-select-content, .adm-tabs-tab, [class*="card"] *, [class*="Card"] *, [class*="kpi"] *',
  );
  for (const el of clippers) {
    if (!visible(el) || el.closest('.visually-hidden')) continue;
    const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    if (!hasText) continue;
    const cs = getComputedStyle(el);
    const clips = cs.overflowX === 'hidden' || cs.overflowX === 'clip' || cs.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1)
      problems.push(`text cut off: ${describe(el)} needs ${el.scrollWidth}px, has ${el.clientWidth}px`);
  }

  // 5. A floating button never covers a primary button.
  const fab = document.querySelector(fabSelector);
  if (fab && visible(fab)) {
    const rf = fab.getBoundingClientRect();
    for (const b of document.querySelectorAll(
      '.btn-primary, .ant-btn-primary, .adm-button-primary, button[type="submit"], [data-primary]',
    )) {
      if (fab.contains(b) || !visible(b)) continue;
      if (overlap(rf, b.getBoundingClientRect()) > 4)
        problems.push(`the floating button covers a primary button: ${describe(b)}`);
    }
  }

  // 7. Tables: at a desktop width every column shows (the price list cut its dates at 1024 px); on a
  // phone a table may scroll sideways only with its first column (what a row is) frozen.
  for (const table of document.querySelectorAll('table')) {
    if (!visible(table)) continue;
    let box = table.parentElement;
    while (box && box !== document.body && !/auto|scroll|hidden|clip/.test(getComputedStyle(box).overflowX))
      box = box.parentElement;
    if (!box || box === document.body) continue;
    const need = table.getBoundingClientRect().width;
    const has = box.clientWidth;
    if (need <= has + 1) continue;
    const first = table.querySelector('tr > :first-child');
    const frozen = first && getComputedStyle(first).position === 'sticky';
    if (vw >= 1000 || !frozen) problems.push(`table cut: ${describe(table)} needs ${Math.round(need)}px, has ${has}px`);
  }

  // 8. An input's placeholder (what to type) shows whole.
  const ctx = document.createElement('canvas').getContext('2d');
  for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]:placeholder-shown')) {
    if (!ctx || !visible(input) || input.closest('[role="combobox"], .ant-select')) continue;
    const cs = getComputedStyle(input);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight);
    const need = ctx.measureText(input.placeholder).width;
    if (need > room + 1)
      problems.push(
        `placeholder cut: ${describe(input)} "${input.placeholder}" needs ${Math.round(need)}px, has ${Math.round(room)}px`,
      );
  }

  // 6. Language: no English sentence on a Chinese page, no Chinese on an English page.
  const han = /[\u3400-\u9fff\uf900-\ufaff]/;
  // Two or more English words in a row (a sentence or a label), not a code, unit or name like "CNY/kg".
  const english = /(?:^|[^A-Za-z0-9/_.-])[A-Za-z][a-z'’]+(?:[ ,]+[A-Za-z][a-z'’]*){1,}(?=$|[^A-Za-z0-9/_.-])/;
  const wrong = (text: string) => (lang === 'en' ? han.test(text) : english.test(text));
  const exempt = (el: Element | null) => {
    if (!el) return true;
    if (el.closest('[data-verbatim], script, style, noscript, code, pre, kbd, template')) return true;
    const own = el.closest('[lang]')?.getAttribute('lang') ?? lang;
    return own.toLowerCase() !== lang.toLowerCase();
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<string>();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || !wrong(text)) continue;
    const el = n.parentElement;
    if (exempt(el) || !el || !visible(el) || seen.has(text)) continue;
    seen.add(text);
    problems.push(
      `${lang === 'en' ? 'Chinese on an English page' : 'English on a Chinese page'}: "${text.slice(0, 80)}"`,
    );
  }
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
    if (exempt(el) || !visible(el)) continue;
    for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
      const v = el.getAttribute(attr)?.trim();
      if (!v || !wrong(v) || seen.has(v)) continue;
      seen.add(v);
      problems.push(`${lang === 'en' ? 'Chinese' : 'English'} ${attr}: "${v.slice(0, 80)}" on ${describe(el)}`);
    }
  }
  return problems;
}

/** The page has settled: no lazy chart placeholder or skeleton left, fonts loaded. */
export function settled(): boolean {
  return (
    document.readyState === 'complete' &&
    !document.querySelector('.market-chart-placeholder, [data-testid="skeleton"], .ant-skeleton, .adm-skeleton') &&
    document.fonts.status === 'loaded'
  );
}
