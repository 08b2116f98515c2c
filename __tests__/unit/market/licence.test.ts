import { describe, expect, it } from '@jest/globals';
import { mayRedistribute } from '@/lib/shared/licence';

describe('which licences let others republish the figures (embeds, full downloads)', () => {
  it.each([
    ['CC BY-IGO', true],
    ['CC BY 4.0', true],
    ['CC-BY-SA-4.0', true],
    ['CC0', true],
    ['Public domain', true],
    ['ODbL', true],
    ['CC BY-NC 4.0', false],
    ['CC BY-ND', false],
    ['CC BY-NC-SA', false],
    ['All rights reserved', false],
    ['Proprietary, licensed to the portal', false],
    ['', false],
  ])('%s: %s', (licence, ok) => {
    expect(mayRedistribute(licence)).toBe(ok);
  });
});
