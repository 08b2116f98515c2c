import { describe, expect, it } from '@jest/globals';
import { TOKEN_HOLDER, answersGoStale, askedAs } from '@/components/shared/market/asked-as';

describe('whom the market answers are for', () => {
  it("asks as the token's holder while the session loads, so the series start at once", () => {
    expect(askedAs('idle', null, true)).toBe(TOKEN_HOLDER);
    expect(askedAs('loading', null, true)).toBe(TOKEN_HOLDER);
    expect(askedAs('idle', null, false)).toBeNull();
    expect(askedAs('ready', 'u1', true)).toBe('u1');
    expect(askedAs('anonymous', null, false)).toBeNull();
  });

  it("keeps the answers when the token's holder turns out to be the user, and drops them otherwise", () => {
    // A member's page load: nothing is asked twice.
    expect(answersGoStale(TOKEN_HOLDER, 'u1')).toBe(false);
    // The stored token was no longer valid: what was asked with it is asked again, anonymously.
    expect(answersGoStale(TOKEN_HOLDER, null)).toBe(true);
    // Logged out, logged in, another user in another tab.
    expect(answersGoStale('u1', null)).toBe(true);
    expect(answersGoStale(null, TOKEN_HOLDER)).toBe(true);
    expect(answersGoStale('u1', TOKEN_HOLDER)).toBe(true);
    // The first render, and no change.
    expect(answersGoStale(undefined, 'u1')).toBe(false);
    expect(answersGoStale(null, null)).toBe(false);
  });
});
