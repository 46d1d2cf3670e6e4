import jsQR from 'jsqr';

const PIXELS_PER_MODULE = 6;

/**
 * Reads back what a QR code image made by qrCodeSvg holds: the SVG's dark
 * rectangles are painted into an RGBA buffer that jsQR decodes. Returns null
 * when no code is found.
 */
export function decodeQrSvg(svg: string): string | null {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path d="([^"]*)"/.exec(svg);
  if (!viewBox || !path) return null;
  const width = Number(viewBox[1]) * PIXELS_PER_MODULE;
  const height = Number(viewBox[2]) * PIXELS_PER_MODULE;

  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  const runs = path[1]!.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g);
  for (const [, x, y, w] of runs) {
    const left = Number(x) * PIXELS_PER_MODULE;
    const top = Number(y) * PIXELS_PER_MODULE;
    const right = left + Number(w) * PIXELS_PER_MODULE;
    for (let py = top; py < top + PIXELS_PER_MODULE; py += 1) {
      for (let px = left; px < right; px += 1) {
        const offset = (py * width + px) * 4;
        pixels[offset] = 0;
        pixels[offset + 1] = 0;
        pixels[offset + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, height)?.data ?? null;
}

/** Decodes the QR code shown by an <img> whose source is an SVG data address. */
export function decodeQrImage(image: HTMLImageElement): string | null {
  const src = image.getAttribute('src') ?? '';
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  if (!src.startsWith(prefix)) return null;
  return decodeQrSvg(decodeURIComponent(src.slice(prefix.length)));
}
