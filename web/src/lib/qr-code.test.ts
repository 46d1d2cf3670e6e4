import { describe, expect, it } from 'vitest';

import { qrCodeDataUrl, qrCodeSvg } from './qr-code';
import { decodeQrSvg } from '@/testing/decode-qr';

describe('qrCodeSvg', () => {
  it('encodes exactly the given invite link', () => {
    const url = 'http://127.0.0.1:8080/register?invite=0123456789abcdef0123456789abcdef';
    expect(decodeQrSvg(qrCodeSvg(url))).toBe(url);
  });

  it('tells different links apart', () => {
    const a = 'https://chorely.example/register?invite=AAAA';
    const b = 'https://chorely.example/register?invite=AAAB';
    expect(decodeQrSvg(qrCodeSvg(a))).toBe(a);
    expect(decodeQrSvg(qrCodeSvg(a))).not.toBe(b);
    expect(qrCodeSvg(a)).not.toBe(qrCodeSvg(b));
  });

  it('reads as nothing when the image is not a QR code', () => {
    const blank = qrCodeSvg('x').replace(/<path d="[^"]*"/, '<path d=""');
    expect(decodeQrSvg(blank)).toBeNull();
  });

  it('is an SVG image address', () => {
    expect(qrCodeDataUrl('hello')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
});
