import { describe, expect, it } from 'vitest';
import { brandAccent, brandAccentCss, brandColours, readableTextOn } from './brand.ts';
import {
  accessibleFill,
  accessibleInk,
  contrastRatio,
  DARK_TEXT,
  darkenUntil,
  normaliseHex,
  relativeLuminance,
  WHITE,
} from './colour-contrast.ts';

/** Every colour of a 16-step grid over the RGB cube (4,096 colours), black and white included. */
function colourGrid(): string[] {
  const steps = Array.from({ length: 16 }, (_, i) => i * 17);
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => `#${hex(r)}${hex(g)}${hex(b)}`)));
}

/** Colours a studio would pick: light, mid and dark, and the ones the audit named. */
const STUDIO_COLOURS = {
  lightYellow: '#fff3a0',
  yellow: '#ffd43b',
  midOrange: '#f08c00',
  orange: '#fd7e14',
  paleGreen: '#b2f2bb',
  green: '#40c057',
  teal: '#12b886',
  mantineBlue: '#228be6',
  indigo6: '#4c6ef5',
  darkNavy: '#102a43',
  pink: '#f783ac',
  lavender: '#e5dbff',
  grey: '#868e96',
  red: '#fa5252',
  white: '#ffffff',
  black: '#000000',
};

describe('contrastRatio', () => {
  it('follows WCAG: black on white is 21:1, a colour on itself 1:1, order does not matter', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4c6ef5', '#4c6ef5')).toBe(1);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000000')).toBe(0);
  });

  it('gives the figures the audit measured', () => {
    // Mantine's indigo 6 under white text, and the donation warning's orange on its yellow tint
    expect(contrastRatio('#4c6ef5', WHITE)).toBeCloseTo(4.32, 2);
    expect(contrastRatio('#e67700', '#fff3bf')).toBeCloseTo(2.69, 2); // axe reports it cut to 2.68
  });
});

describe('normaliseHex', () => {
  it('reads #rgb and #rrggbb in any case and refuses the rest', () => {
    expect(normaliseHex('#ABC')).toBe('#aabbcc');
    expect(normaliseHex(' #1C7ED6 ')).toBe('#1c7ed6');
    expect(normaliseHex('blue')).toBeNull();
    expect(normaliseHex('#12345')).toBeNull();
    expect(normaliseHex('')).toBeNull();
    expect(normaliseHex(null)).toBeNull();
  });
});

describe('accessibleFill', () => {
  it('gives every colour of the grid a fill and text at 4.5:1 or better', () => {
    const failures = colourGrid().filter((colour) => {
      const { background, text } = accessibleFill(colour);
      return contrastRatio(background, text) < 4.5;
    });
    expect(failures).toEqual([]);
  });

  it('keeps a colour that already reads with white or the dark text as it is', () => {
    for (const colour of colourGrid()) {
      const readsAsItIs = contrastRatio(colour, WHITE) >= 4.5 || contrastRatio(colour, DARK_TEXT) >= 4.5;
      if (readsAsItIs) expect(accessibleFill(colour).background).toBe(colour);
    }
  });

  it('writes dark text on light colours and white on dark ones, keeping the colour', () => {
    expect(accessibleFill(STUDIO_COLOURS.lightYellow)).toEqual({ background: '#fff3a0', text: DARK_TEXT });
    expect(accessibleFill(STUDIO_COLOURS.paleGreen)).toEqual({ background: '#b2f2bb', text: DARK_TEXT });
    expect(accessibleFill(STUDIO_COLOURS.midOrange)).toEqual({ background: '#f08c00', text: DARK_TEXT });
    expect(accessibleFill(STUDIO_COLOURS.darkNavy)).toEqual({ background: '#102a43', text: WHITE });
  });

  it('darkens a mid colour on which neither text reads, just enough for white, in the same hue', () => {
    // Mantine's blue 6: 3.55:1 with white, 4.38:1 with the dark text
    const { background, text } = accessibleFill(STUDIO_COLOURS.mantineBlue);
    expect(text).toBe(WHITE);
    expect(background).not.toBe(STUDIO_COLOURS.mantineBlue);
    const ratio = contrastRatio(background, WHITE);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(ratio).toBeLessThan(4.7);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g as number);
    expect(g).toBeGreaterThan(r as number);
  });

  it('handles the named studio colours', () => {
    for (const [name, colour] of Object.entries(STUDIO_COLOURS)) {
      const { background, text } = accessibleFill(colour);
      expect(contrastRatio(background, text), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('accessibleInk and darkenUntil', () => {
  it('gives every colour of the grid a shade that reads as text on white', () => {
    const failures = colourGrid().filter((colour) => contrastRatio(accessibleInk(colour), WHITE) < 4.5);
    expect(failures).toEqual([]);
  });

  it('keeps a colour that already reads, and otherwise takes the lightest shade that does', () => {
    expect(accessibleInk(STUDIO_COLOURS.darkNavy)).toBe('#102a43');
    const ink = accessibleInk(STUDIO_COLOURS.lightYellow);
    expect(contrastRatio(ink, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ink, WHITE)).toBeLessThan(4.75);
  });

  it('reads on a tinted background too', () => {
    for (const colour of Object.values(STUDIO_COLOURS)) {
      expect(contrastRatio(darkenUntil(colour, '#fff3bf'), '#fff3bf')).toBeGreaterThanOrEqual(4.5);
    }
    // the donation warning's orange on its tint
    expect(darkenUntil('#e67700', '#fff3bf')).not.toBe('#e67700');
  });

  it('takes any ratio asked for', () => {
    expect(contrastRatio(darkenUntil('#fab005', WHITE, 7), WHITE)).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(darkenUntil('#fab005', WHITE, 3), WHITE)).toBeGreaterThanOrEqual(3);
  });
});

describe('the brand on the pages', () => {
  it('gives the theme colour a fill, a tint and an ink that all read, for every colour of the grid', () => {
    const failures = colourGrid().filter((colour) => {
      const accent = brandAccent(colour);
      if (!accent) return true;
      return (
        contrastRatio(accent.background, accent.text) < 4.5 ||
        contrastRatio(accent.ink, accent.tint) < 4.5 ||
        contrastRatio(accent.ink, WHITE) < 4.5
      );
    });
    expect(failures).toEqual([]);
  });

  it('paints the top bar and the header with readable pairs, and nothing for a missing or bad colour', () => {
    const colours = brandColours({ themeColor: '#228be6', headerColor: '#fff3a0' });
    expect(contrastRatio(colours.toolbar?.background ?? '', colours.toolbar?.text ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(colours.header).toEqual({ background: '#fff3a0', text: DARK_TEXT });
    expect(brandColours({ themeColor: null, headerColor: 'red' })).toEqual({ toolbar: null, header: null });
  });

  it('writes the accent variables for the site', () => {
    expect(brandAccentCss({ themeColor: null })).toBe('');
    const css = brandAccentCss({ themeColor: '#f08c00' });
    expect(css).toContain('--site-accent:#f08c00;--site-accent-text:#212529;');
    expect(css).toMatch(/--site-accent-ink:#[0-9a-f]{6}/);
  });

  it('picks the dark text or white by contrast', () => {
    expect(readableTextOn('#ffffff')).toBe(DARK_TEXT);
    expect(readableTextOn('#ffd43b')).toBe(DARK_TEXT);
    expect(readableTextOn('#102a43')).toBe(WHITE);
    expect(readableTextOn('#364fc7')).toBe(WHITE);
  });
});
