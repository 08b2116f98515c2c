// A market answer kept for many requests (lib/server/http/shared-answer.ts): kept as the bytes it
// was when made, sent as JSON or, when the client takes it and the server in front can pass the
// encoding on, gzipped once.
import { describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import { SharedAnswer } from '@/lib/server/http/shared-answer';

const series = () => ({
  points: Array.from({ length: 60 }, (_, i): [string, number] => [
    `2025-03-${String((i % 28) + 1).padStart(2, '0')}`,
    i / 10,
  ]),
});
const text = (body: string | Uint8Array) => (typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));

describe('a shared answer', () => {
  it('is the envelope of the answer as it was when made, whatever happens to the object afterwards', () => {
    const value = series();
    const answer = new SharedAnswer(value);
    value.points.length = 0;
    const sent = answer.envelope(null, true);
    expect(sent.gzip).toBe(false);
    expect(JSON.parse(text(sent.body))).toEqual({ code: 1, data: series() });
    expect(answer.value()).toEqual(series());
  });

  it('is gzipped once for clients that take gzip, and the same JSON once unzipped', () => {
    const answer = new SharedAnswer(series());
    const plain = text(answer.envelope(null, true).body);
    const zipped = answer.envelope('gzip, deflate, br', true);
    expect(zipped.gzip).toBe(true);
    expect(gunzipSync(zipped.body as Uint8Array).toString('utf8')).toBe(plain);
    // The same bytes again for the next client, not another compression.
    expect(answer.envelope('gzip', true).body).toBe(zipped.body);
  });

  it('goes as JSON when the client refuses gzip, nothing in front can pass the encoding on, or it is small', () => {
    const big = new SharedAnswer(series());
    expect(big.envelope('gzip;q=0, identity', true).gzip).toBe(false);
    expect(big.envelope('gzip', false).gzip).toBe(false);
    const small = new SharedAnswer({ points: [['2025-03-01', 1]] });
    expect(small.envelope('gzip', true)).toEqual({
      body: '{"code":1,"data":{"points":[["2025-03-01",1]]}}',
      gzip: false,
    });
  });
});
