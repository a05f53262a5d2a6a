// @vitest-environment happy-dom
import { IconYoga } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { iconHtml } from './IconPicker';

describe('the icon picker', () => {
  it("puts Tabler's own SVG in the page, in the theme's colour and hidden from screen readers", () => {
    const html = iconHtml(IconYoga);
    expect(html).toMatch(/^<svg [^>]*class="[^"]*sb-icon[^"]*"/);
    expect(html).toContain('stroke="currentColor"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('viewBox="0 0 24 24"');
    expect(html).toMatch(/<path d="[^"]+"/);
  });
});

describe('the whole Tabler set', () => {
  it('offers every icon of the package once, the studio favourites first', async () => {
    const { ICON_CATALOGUE } = await import('./icon-catalogue');
    expect(ICON_CATALOGUE.length).toBeGreaterThan(5000);
    expect(new Set(ICON_CATALOGUE.map((entry) => entry.icon)).size).toBe(ICON_CATALOGUE.length);
    expect(ICON_CATALOGUE.slice(0, 3).map((entry) => entry.name)).toEqual(['Yoga', 'Barbell', 'Run']);
  });

  it('finds icons by plain words in any order, and by the words a studio types for a favourite', async () => {
    const { findIcons, wordsOfExport } = await import('./icon-catalogue');
    expect(wordsOfExport('IconMapPinFilled')).toBe('map pin filled');
    expect(wordsOfExport('IconBattery2')).toBe('battery 2');
    expect(findIcons('gym')[0]?.name).toBe('Barbell');
    expect(new Set(findIcons('').map((entry) => entry.name)).size).toBe(findIcons('').length);
    const pins = findIcons('pin map').map((entry) => entry.name);
    expect(pins[0]).toBe('Map pin');
    expect(pins).toContain('Map pin filled');
    expect(findIcons('tennis').map((entry) => entry.name)).toContain('Ball tennis');
    expect(findIcons('no such thing zzq')).toEqual([]);
  });

  it('puts a filled icon in the page as inline SVG too', async () => {
    const { findIcons } = await import('./icon-catalogue');
    const heart = findIcons('heart filled').find((entry) => entry.name === 'Heart filled');
    expect(heart).toBeDefined();
    const html = iconHtml(heart?.icon as typeof IconYoga);
    expect(html).toMatch(/^<svg [^>]*class="[^"]*sb-icon/);
    expect(html).toContain('fill="currentColor"');
  });
});
