// @vitest-environment happy-dom
import { contrastRatio, WHITE } from '@atrium/contracts';
import { Button, DEFAULT_THEME } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateSession } from '../features/session/session-store';
import { makeTenant } from '../test/fixtures';
import { accessibleColourVariables, brandPalette } from './brand-shades';
import { MantineScope } from './MantineScope';
import { themeFor } from './theme';

afterEach(() => {
  cleanup();
  updateSession({ tenant: null });
});

/** Studio colours of every kind: light, pale, mid, dark, greys, and the audit's demo blue. */
const STUDIO_COLOURS = [
  '#fff3a0', // light yellow
  '#ffd43b',
  '#f08c00', // mid orange
  '#fd7e14',
  '#b2f2bb', // pale green
  '#40c057',
  '#12b886',
  '#228be6', // Mantine's blue 6
  '#4c6ef5', // indigo 6, 4.32:1 under white
  '#102a43', // dark navy
  '#f783ac',
  '#e5dbff',
  '#868e96',
  '#fa5252',
  '#ffffff',
  '#000000',
];

function expectReadable(name: string, variables: Record<string, string>) {
  const v = (suffix: string) => variables[`--mantine-color-${name}-${suffix}`] ?? '';
  // filled buttons and badges: white text
  expect(contrastRatio(v('filled'), WHITE), `${name} filled`).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(v('filled-hover'), WHITE), `${name} filled hover`).toBeGreaterThanOrEqual(4.5);
  // outline, subtle, links and coloured text on white
  expect(contrastRatio(v('outline'), WHITE), `${name} outline`).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(v('text'), WHITE), `${name} text`).toBeGreaterThanOrEqual(4.5);
  // links and text on a striped or hovered list row (gray 0) and on gray 1 panels read too
  for (const surface of ['#f8f9fa', '#f1f3f5']) {
    expect(contrastRatio(v('text'), surface), `${name} text on ${surface}`).toBeGreaterThanOrEqual(4.5);
  }
  // light variants (alerts, badges), at rest and hovered
  expect(contrastRatio(v('light-color'), v('light')), `${name} light`).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(v('light-color'), v('light-hover')), `${name} light hover`).toBeGreaterThanOrEqual(4.5);
}

describe('the theme reads at AA for every colour', () => {
  it("gives each of Mantine's colours variants that read (teal's filled badge was 3.11:1)", () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      expectReadable(name, accessibleColourVariables(name, shades));
    }
    // the donation page's warning: yellow 9 (#e67700) on yellow 1 was 2.68:1
    const yellow = accessibleColourVariables('yellow', DEFAULT_THEME.colors.yellow);
    expect(yellow['--mantine-color-yellow-light-color']).not.toBe('#e67700');
  });

  it("builds a palette from any studio colour whose variants read, keeping the colour's hue", () => {
    for (const colour of STUDIO_COLOURS) {
      const palette = brandPalette(colour);
      expect(palette).toHaveLength(10);
      expect(palette[6]).toBe(colour);
      expectReadable('brand', accessibleColourVariables('brand', palette));
    }
  });

  it('keeps a dark studio colour itself as the primary shade', () => {
    expect(brandPalette('#102a43')[7]).toBe('#102a43');
    expect(brandPalette('#fff3a0')[7]).not.toBe('#fff3a0');
  });

  it("takes the studio's colour as the primary colour, and indigo without one", () => {
    expect(themeFor(null).primaryColor).toBe('indigo');
    expect(themeFor('not a colour').primaryColor).toBe('indigo');
    const studio = themeFor('#f08c00');
    expect(studio.primaryColor).toBe('brand');
    expect(studio.colors?.brand?.[6]).toBe('#f08c00');
  });
});

describe('MantineScope', () => {
  const cssText = () => Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join('\n');

  it("paints the primary colour in the studio's accessible shade", () => {
    updateSession({ tenant: makeTenant({ org: { ...makeTenant().org, themeColor: '#228be6' } }) });
    render(
      <MantineScope>
        <Button>Book</Button>
      </MantineScope>,
    );
    const css = cssText();
    const filled = css.match(/--mantine-color-brand-filled:\s*(#[0-9a-f]{6})/)?.[1];
    expect(filled).toBeDefined();
    expect(contrastRatio(filled ?? '', WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled)');
  });

  it('stays indigo for a studio without a theme colour', () => {
    updateSession({ tenant: makeTenant() });
    render(
      <MantineScope>
        <Button>Book</Button>
      </MantineScope>,
    );
    expect(cssText()).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
  });
});
