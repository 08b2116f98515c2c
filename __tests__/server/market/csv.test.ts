import { describe, expect, it } from '@jest/globals';
import { CsvParser, CsvSyntaxError, parseCsv, parseCsvStream } from '@/lib/server/market/csv';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('CSV parser (RFC 4180)', () => {
  it('splits plain records on LF, CRLF and lone CR, with or without a final line break', () => {
    expect(fields('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(fields('"Rice, indica","say ""hi""","two\nlines"\n')).toEqual([['Rice, indica', 'say "hi"', 'two\nlines']]);
    expect(fields('"",x,""\n')).toEqual([['', 'x', '']]);
  });

  it('keeps empty fields and drops a leading BOM', () => {
    expect(fields('\uFEFFdate,price\n,\n')).toEqual([
      ['date', 'price'],
      ['', ''],
    ]);
  });

  it('numbers records by the physical line they start on, skipping blank lines', () => {
    const recs = parseCsv('h1,h2\n"multi\nline",1\n\nlast,2\r\n\r\nend,3');
    expect(recs.map((r) => [r.fields[0], r.line])).toEqual([
      ['h1', 1],
      ['multi\nline', 2],
      ['last', 5],
      ['end', 7],
    ]);
  });

  it('treats a quote inside an unquoted field literally', () => {
    expect(fields('5" pipe,x\n')).toEqual([['5" pipe', 'x']]);
  });

  it('names the line of text after a closing quote and of an unclosed quote', () => {
    expect(() => parseCsv('a\n"ok"x,1\n')).toThrow(
      new CsvSyntaxError(2, 'unexpected text after a closing quote (a quote inside a quoted field must be doubled)'),
    );
    try {
      parseCsv('a,b\n1,2\n3,"never\nclosed\n');
      throw new Error('expected a syntax error');
    } catch (e) {
      expect(e).toBeInstanceOf(CsvSyntaxError);
      expect((e as CsvSyntaxError).line).toBe(3);
    }
  });

  it('gives the same records whatever the chunk boundaries (CRLF, doubled quotes and BOM split)', () => {
    const text = '\uFEFFa,"b ""q"", c"\r\n"x\r\ny",2\r\n,\r\n"end"';
    const whole = parseCsv(text);
    for (let size = 1; size <= 7; size++) {
      const p = new CsvParser();
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...p.push(text.slice(i, i + size)));
      out.push(...p.end());
      expect(out).toEqual(whole);
    }
    expect(whole.map((r) => r.line)).toEqual([1, 2, 4, 5]);
  });

  it('reads a field repeating the one above it, or nearly, as written (repeats share one string)', () => {
    const text = 'pork,Beijing,1\npork,Beijing,2\nporkx,Beij,3\npor,Beijing,\n"pork",Beijing,5\n';
    const expected = [
      ['pork', 'Beijing', '1'],
      ['pork', 'Beijing', '2'],
      ['porkx', 'Beij', '3'],
      ['por', 'Beijing', ''],
      ['pork', 'Beijing', '5'],
    ];
    expect(fields(text)).toEqual(expected);
    for (let size = 1; size <= 9; size++) {
      const p = new CsvParser();
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...p.push(text.slice(i, i + size)));
      out.push(...p.end());
      expect(out.map((r) => r.fields)).toEqual(expected);
    }
  });

  it('streams records from UTF-8 byte chunks split inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode('省,价格\n河北省,"2,5"\n');
    const chunks = [bytes.slice(0, 2), bytes.slice(2, 9), bytes.slice(9)];
    const out = [];
    for await (const r of parseCsvStream(chunks)) out.push(r);
    expect(out).toEqual([
      { fields: ['省', '价格'], line: 1 },
      { fields: ['河北省', '2,5'], line: 2 },
    ]);
  });

  it('parses a large file, counting lines to the end', () => {
    const line =
      '2014-01-15,Hebei Sheng,Shijiazhuang,"Sijiazhuang, east",38.04,114.51,cereals and tubers,Wheat,KG,actual,Wholesale,CNY,2.66,0.4405\n';
    const recs = parseCsv(line.repeat(100_000));
    expect(recs).toHaveLength(100_000);
    expect(recs[99_999]?.line).toBe(100_000);
    expect(recs[99_999]?.fields[3]).toBe('Sijiazhuang, east');
  });
});
