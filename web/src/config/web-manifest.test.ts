import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

// Vitest runs from web/.
const publicDir = join(process.cwd(), 'public');
const read = (file: string) => readFileSync(join(publicDir, file));

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(read('manifest.webmanifest').toString('utf8')) as Record<string, unknown> & {
  icons: Icon[];
};
const indexHtml = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
const css = readFileSync(join(process.cwd(), 'src/styles/index.css'), 'utf8');

/** Width and height from a PNG's header (its IHDR chunk), or null when the bytes are no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A light-mode token's value in the stylesheet's :root block. */
function lightToken(name: string): string | undefined {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(root)?.[1]?.trim();
}

describe('the web app manifest', () => {
  it('installs Chorely as a standalone app at /', () => {
    expect(manifest).toMatchObject({
      name: 'Chorely',
      short_name: 'Chorely',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
  });

  it("takes its colours from the light theme: the top bar's surface and the page background", () => {
    expect(manifest.theme_color).toBe(lightToken('color-surface'));
    expect(manifest.background_color).toBe(lightToken('color-bg'));
  });

  it('names PNG icons of the sizes it declares, 192 and 512 px among them, one maskable', () => {
    for (const icon of manifest.icons) {
      expect(icon.type, icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(read(icon.src.replace(/^\//, ''))), icon.src).toEqual({ width, height });
    }
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual(['512x512']);
  });

  it('is linked from index.html, with the apple-touch-icon and the theme colours for light and dark', () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const appleIcon = /<link rel="apple-touch-icon" href="\/([^"]+)"/.exec(indexHtml)?.[1];
    expect(pngSize(read(appleIcon ?? 'missing'))).toEqual({ width: 180, height: 180 });
    expect(indexHtml).toContain(
      `<meta name="theme-color" content="${lightToken('color-surface')}" media="(prefers-color-scheme: light)" />`,
    );
    expect(indexHtml).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)" \/>/);
    expect(indexHtml).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
  });
});
