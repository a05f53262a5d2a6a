// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { IconYoga } from '@tabler/icons-react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IconPicker, iconHtml } from './IconPicker';

afterEach(cleanup);

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

  it("finds icons by Tabler's own tags too, after those whose name matches", async () => {
    const { ICON_CATALOGUE, findIcons } = await import('./icon-catalogue');
    // the build's tags reach both styles of (nearly) every icon
    expect(ICON_CATALOGUE.filter((entry) => entry.tags).length).toBeGreaterThan(5000);
    expect(ICON_CATALOGUE.find((entry) => entry.name === 'Barbell filled')?.tags).toContain('workout');
    // 'workout' is in no icon's name: only Tabler's tags find these
    const workout = findIcons('workout').map((entry) => entry.name);
    expect(workout).toEqual(expect.arrayContaining(['Barbell', 'Dumbbell', 'Jump rope', 'Stretching']));
    // 'gym': the favourite's own word first, then the names holding it, then the icons tagged so
    const gym = findIcons('gym').map((entry) => entry.name);
    expect(gym[0]).toBe('Barbell');
    expect(gym).toEqual(expect.arrayContaining(['Gymnastics', 'Treadmill', 'Dumbbell']));
    expect(gym.indexOf('Gymnastics')).toBeLessThan(gym.indexOf('Treadmill'));
    // every name match before every tag match
    const love = findIcons('love');
    const byName = love.map((entry) => entry.words.includes('love'));
    expect(byName.lastIndexOf(true)).toBeGreaterThanOrEqual(0);
    expect(byName.indexOf(false)).toBeGreaterThan(byName.lastIndexOf(true));
    expect(love.map((entry) => entry.name)).toContain('Heart');
    // two words: one from the name, one from the tags
    expect(findIcons('watch fitness').map((entry) => entry.name)).toContain('Device watch heart');
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

describe('the icon picker dialog', () => {
  it('shows the icons a tag finds, and says so when a word finds nothing', async () => {
    render(
      <MantineProvider>
        <IconPicker opened onClose={() => undefined} onPick={() => undefined} />
      </MantineProvider>,
    );
    const search = screen.getByLabelText('Find an icon');
    fireEvent.change(search, { target: { value: 'workout' } });
    expect(await screen.findByRole('button', { name: 'Add the Jump rope icon' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add the Dumbbell icon' })).toBeTruthy();
    expect(screen.queryByText('No icon matches that word.')).toBeNull();
    fireEvent.change(search, { target: { value: 'zzqx' } });
    expect(await screen.findByText('No icon matches that word.')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Add the / })).toEqual([]);
  });
});
