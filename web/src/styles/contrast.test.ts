import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

// Vitest runs from web/ (the stylesheet is not processed as CSS in unit tests).
const css = readFileSync(join(process.cwd(), 'src/styles/index.css'), 'utf8');

/** The custom properties each theme block of the stylesheet sets. */
function blocks(): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  for (const match of css.matchAll(/(^|\n)([^{}\n][^{}]*)\{([^{}]*)\}/g)) {
    const selector = (match[2] ?? '').trim().split('\n').pop()!.trim();
    const values = found.get(selector) ?? {};
    for (const [, name, value] of (match[3] ?? '').matchAll(/--([\w-]+):\s*([^;]+);/g)) values[name!] = value!.trim();
    found.set(selector, values);
  }
  return found;
}

type UiTheme = 'ADULT' | 'KIDS' | 'TEEN';
type Mode = 'light' | 'dark';

/** The tokens in force for an interface theme and colour mode, in the stylesheet's cascade order. */
function tokens(ui: UiTheme, mode: Mode): Record<string, string> {
  const all = blocks();
  const order = [':root'];
  if (mode === 'dark') order.push("[data-theme='dark']");
  if (ui !== 'ADULT') {
    order.push(`[data-ui-theme='${ui}']`);
    if (mode === 'dark') order.push(`[data-ui-theme='${ui}'][data-theme='dark']`);
  }
  return Object.assign({}, ...order.map((selector) => all.get(selector) ?? {})) as Record<string, string>;
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Foreground token, background token, the least WCAG 2.2 AA asks. */
const PAIRS: ReadonlyArray<[string, string, number]> = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'bg-accent', 4.5],
  ['text', 'info-soft', 4.5],
  ['text', 'success-soft', 4.5],
  // The offline banner.
  ['text', 'warning-soft', 4.5],
  ['text-muted', 'bg', 4.5],
  ['text-muted', 'surface', 4.5],
  ['text-muted', 'surface-muted', 4.5],
  ['text-muted', 'bg-accent', 4.5],
  // Links, active navigation, tabs, balances.
  ['primary', 'bg', 4.5],
  ['primary', 'surface', 4.5],
  ['primary', 'surface-muted', 4.5],
  ['primary', 'primary-soft', 4.5],
  // Buttons.
  ['on-primary', 'primary', 4.5],
  ['on-primary', 'primary-hover', 4.5],
  ['on-danger', 'danger', 4.5],
  ['on-danger', 'danger-hover', 4.5],
  // Badges, amounts, messages: on the surface and on their own soft backgrounds.
  ['success', 'surface', 4.5],
  ['success', 'success-soft', 4.5],
  ['warning', 'surface', 4.5],
  ['warning', 'warning-soft', 4.5],
  ['danger', 'surface', 4.5],
  ['danger', 'danger-soft', 4.5],
  // Form field outlines and the focus ring (WCAG 1.4.11, non-text contrast).
  ['border-strong', 'surface', 3],
  ['focus', 'surface', 3],
  ['focus', 'bg', 3],
];

describe('colour tokens', () => {
  for (const ui of ['ADULT', 'KIDS', 'TEEN'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      it(`read at WCAG AA contrast in the ${ui} theme, ${mode} mode`, () => {
        const values = tokens(ui, mode);
        const failures = PAIRS.flatMap(([fg, bg, least]) => {
          const foreground = values[`color-${fg}`];
          const background = values[`color-${bg}`];
          expect(foreground, `--color-${fg}`).toMatch(/^#[0-9a-f]{6}$/i);
          expect(background, `--color-${bg}`).toMatch(/^#[0-9a-f]{6}$/i);
          const ratio = contrast(foreground!, background!);
          return ratio < least ? [`${fg} ${foreground} on ${bg} ${background}: ${ratio.toFixed(2)} < ${least}`] : [];
        });
        expect(failures).toEqual([]);
      });
    }
  }

  it('make touch targets 44 px, 48 px in the KIDS theme', () => {
    expect(tokens('ADULT', 'light')['target-size']).toBe('44px');
    expect(tokens('TEEN', 'dark')['target-size']).toBe('44px');
    expect(tokens('KIDS', 'dark')['target-size']).toBe('48px');
  });
});

describe('design tokens', () => {
  const px = (value: string | undefined) => Number.parseFloat(value ?? 'NaN');
  const THEMES = ['KIDS', 'TEEN', 'ADULT'] as const;

  for (const mode of ['light', 'dark'] as const) {
    it(`give each interface theme its own type, corners, spacing and font in ${mode} mode`, () => {
      const [kids, teen, adult] = THEMES.map((ui) => tokens(ui, mode)) as [Record<string, string>, Record<string, string>, Record<string, string>];
      // KIDS reads largest, with the roundest corners and the most room; ADULT is the densest.
      for (const name of ['text-base', 'text-lg', 'radius', 'radius-lg', 'space-3', 'space-4', 'space-5']) {
        expect(px(kids[name]), `KIDS --${name}`).toBeGreaterThan(px(teen[name]));
        expect(px(teen[name]), `TEEN --${name}`).toBeGreaterThan(px(adult[name]));
      }
      expect(px(kids['text-base'])).toBe(18);
      expect(px(teen['text-base'])).toBe(15);
      expect(px(adult['text-base'])).toBe(14);
      expect(kids['font-sans']).toMatch(/^'Nunito Variable'/);
      expect(new Set(THEMES.map((ui) => tokens(ui, mode)['font-sans'])).size).toBe(3);
      expect(new Set(THEMES.map((ui) => tokens(ui, mode)['color-primary'])).size).toBe(3);
    });
  }

  it('make every type step grow from one theme to the next, never shrink', () => {
    const steps = ['text-3xs', 'text-2xs', 'text-xs', 'text-sm', 'text-md', 'text-base', 'text-lg', 'text-xl', 'text-2xl', 'text-3xl', 'text-4xl'];
    for (const ui of THEMES) {
      const sizes = steps.map((step) => px(tokens(ui, 'light')[step]));
      expect(sizes.every((size, index) => index === 0 || size >= sizes[index - 1]!), `${ui} ${sizes.join(' ')}`).toBe(true);
    }
    for (const step of steps) expect(px(tokens('KIDS', 'light')[step])).toBeGreaterThanOrEqual(px(tokens('TEEN', 'light')[step]));
  });
});

describe('contrast', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrast('#3b5bdb', '#3b5bdb')).toBe(1);
  });
});
