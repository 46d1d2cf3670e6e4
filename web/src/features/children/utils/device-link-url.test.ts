import { describe, expect, it } from 'vitest';

import { deviceLinkUrl } from './device-link-url';

describe('deviceLinkUrl', () => {
  it("is this app's /link page with the code in the fragment", () => {
    expect(deviceLinkUrl('aB3_x-9Q', 'https://chorely.example')).toBe('https://chorely.example/link#aB3_x-9Q');
  });

  it('keeps the code whole even if it held characters an address gives a meaning to', () => {
    const url = new URL(deviceLinkUrl('a b#c', 'http://127.0.0.1:8080'));
    expect(url.pathname).toBe('/link');
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.hash.slice(1))).toBe('a b#c');
  });

  it("uses the page's own origin by default", () => {
    expect(deviceLinkUrl('code1')).toBe(`${window.location.origin}/link#code1`);
  });
});
