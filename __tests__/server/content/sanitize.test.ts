import { htmlToText, sanitizeRichText } from '@/lib/server/services/content/sanitize';

describe('sanitizeRichText', () => {
  it('removes scripts, event handlers, frames, styles and script URLs', () => {
    const out = sanitizeRichText(
      '<p onclick="x()" style="color:red">Hi</p><script>alert(1)</script><img src="https://a.test/i.png" onerror="alert(2)"><iframe src="https://evil.test"></iframe><a href="javascript:alert(3)">j</a><svg onload="x()"></svg><style>p{}</style>',
    );
    expect(out).toBe('<p>Hi</p><img src="https://a.test/i.png" loading="lazy" /><a>j</a>');
  });

  it('keeps structure, tables and links; external links open safely, headings start at h2', () => {
    const out = sanitizeRichText(
      '<h1>T</h1><ul><li><strong>a</strong></li></ul><table><tr><th scope="col">h</th></tr></table><a href="https://x.test" target="_self">x</a><a href="/documents">d</a>',
    );
    expect(out).toContain('<h2>T</h2>');
    expect(out).toContain('<ul><li><strong>a</strong></li></ul>');
    expect(out).toContain('<th scope="col">h</th>');
    expect(out).toContain('<a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(out).toContain('<a href="/documents">d</a>');
  });

  it('refuses data: and protocol-relative image sources', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA"><img src="//evil.test/x.png">')).toBe(
      '<img loading="lazy" /><img loading="lazy" />',
    );
  });
});

describe('htmlToText', () => {
  it('gives the readable text with entities decoded and block breaks as spaces', () => {
    expect(htmlToText('<p>A&amp;B</p><p>1 &lt; 2</p><ul><li>x</li><li>y</li></ul>')).toBe('A&B 1 < 2 x y');
    // Table cells stay words apart in search snippets.
    expect(
      htmlToText('<table><tr><th>Product</th><th>Price</th></tr><tr><td>Tomato</td><td>3.20</td></tr></table>'),
    ).toBe('Product Price Tomato 3.20');
    expect(htmlToText('<p>価&#26684;&#x4e2d;</p>')).toBe('価格中');
  });
});
