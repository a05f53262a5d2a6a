import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findIconsJson, iconTagsText, pascalName, tagWords } from './tabler-icon-tags';

describe("Tabler's icon tags for the icon picker", () => {
  it('names each icon as @tabler/icons-react names its component', () => {
    expect(pascalName('a-b-2')).toBe('AB2');
    expect(pascalName('map-pin')).toBe('MapPin');
    expect(pascalName('2fa')).toBe('2fa');
  });

  it("keeps each tag word once, without the name's words and words inside other tag words", () => {
    expect(tagWords('barbell', ['dumbbell', 'weights', 'gym', 'fitness', 'weight', 'Bar', 'barbell'])).toEqual([
      'dumbbell',
      'weights',
      'gym',
      'fitness',
    ]);
    expect(tagWords('a-b-2', ['ab-test', 'split test', 'a', 'b', 911])).toEqual(['ab', 'test', 'split', '911']);
    expect(tagWords('heart', [])).toEqual([]);
  });

  it('writes a line per icon with tags: its name, then its words', () => {
    const text = iconTagsText({
      barbell: { name: 'barbell', tags: ['gym', 'fitness'] },
      'a-b-2': { name: 'a-b-2', tags: ['split-test'] },
      abc: { name: 'abc', tags: ['a', 'b'] },
      blank: { name: 'blank' },
    });
    expect(text).toBe('Barbell gym fitness\nAB2 split test');
  });

  it("reads the installed icons.json: the whole set's tags in a fraction of its size", () => {
    const file = findIconsJson(dirname(fileURLToPath(import.meta.url)));
    const json = readFileSync(file, 'utf8');
    const text = iconTagsText(JSON.parse(json));
    const lines = text.split('\n');
    expect(lines.length).toBeGreaterThan(5000);
    expect(lines.find((line) => line.startsWith('Barbell '))?.split(' ')).toEqual(
      expect.arrayContaining(['gym', 'fitness', 'workout']),
    );
    expect(text.length).toBeLessThan(json.length / 4);
  });
});
