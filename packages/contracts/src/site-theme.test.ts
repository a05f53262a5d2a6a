import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from './colour-contrast.ts';
import { themePalette } from './site-theme.ts';

/** `#rrggbb` from HSL (h 0-360, s and l 0-1). */
function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[0, 8, 4]
    .map((n) =>
      Math.round(channel(n) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Every 10 degrees of hue, four saturations and lightness every 5%, and the greys. */
const SWEEP = [
  ...Array.from({ length: 36 }, (_, h) =>
    [0.25, 0.5, 0.75, 1].flatMap((s) => Array.from({ length: 19 }, (_, l) => hsl(h * 10, s, (l + 1) / 20))),
  ).flat(),
  ...Array.from({ length: 52 }, (_, i) => {
    const v = (i * 5).toString(16).padStart(2, '0');
    return `#${v}${v}${v}`;
  }),
];

describe('the site palette', () => {
  it('gives every shade of every theme colour a text colour that reads on it at AA (4.5:1)', () => {
    expect(SWEEP.length).toBeGreaterThan(2700);
    const failures: string[] = [];
    for (const colour of SWEEP) {
      const palette = themePalette(colour);
      if (!palette) throw new Error(`no palette for ${colour}`);
      for (const n of [50, 100, 200, 300, 400, 500, 600, 700, 800, 900]) {
        const shade = palette[`--site-primary-${n}`] as string;
        const text = palette[`--site-primary-${n}-text`] as string;
        const ratio = contrastRatio(shade, text);
        if (ratio < AA_TEXT) failures.push(`${colour} ${n}: ${text} on ${shade} is ${ratio.toFixed(2)}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('keeps the theme colour itself as shade 500, lighter shades above it and darker ones below', () => {
    const palette = themePalette('#2f9e44');
    expect(palette?.['--site-primary-500']).toBe('#2f9e44');
    const lightness = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900].map((n) =>
      contrastRatio(palette?.[`--site-primary-${n}`] as string, '#000000'),
    );
    expect(lightness).toEqual([...lightness].sort((a, b) => b - a));
    // a middle tone neither the dark text nor white reads on at AA takes black
    expect(themePalette('#a97070')?.['--site-primary-500-text']).toBe('#000000');
    expect(themePalette('#102a43')?.['--site-primary-500-text']).toBe('#ffffff');
    expect(themePalette('#102a43')?.['--site-primary-50-text']).toBe('#212529');
  });
});
