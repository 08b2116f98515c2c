// The console's menu links only to pages that exist (docs/console.md "The screens"): a built
// section has its page under app/console/(shell), and a section without one is not a link.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { activeLeaf, isGroup, NAV } from '@/components/console/shell/nav';

const leaves = NAV.flatMap((i) => (isGroup(i) ? i.children : [i]));
const pageOf = (href: string) =>
  path.join(process.cwd(), 'app/console/(shell)', href.replace(/^\/console/, ''), 'page.tsx');

describe('the console menu', () => {
  it('marks as built exactly the sections whose page exists', () => {
    const wrong = leaves.filter((l) => l.built !== existsSync(pageOf(l.href))).map((l) => l.href);
    expect(wrong).toEqual([]);
    expect(leaves.filter((l) => l.built).map((l) => l.href)).toContain('/console/audit');
  });

  it('finds the section of a nested path by the longest href', () => {
    expect(activeLeaf('/console/audit')?.key).toBe('audit');
    expect(activeLeaf('/console')?.key).toBe('dashboard');
    expect(activeLeaf('/console/data/imports/42')?.key).toBe('imports');
  });
});
