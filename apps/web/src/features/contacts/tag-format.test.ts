import type { TagEntry } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { tagNameError, tagOptions } from './tag-format';

const tag = (name: string, count = 0): TagEntry => ({ id: name.toLowerCase(), name, type: 'tag', count });

describe('tagOptions', () => {
  it('offers the registry names after the chosen ones, each once in any case', () => {
    expect(tagOptions([tag('Gold'), tag('Trial'), tag('VIP')], ['gold', 'New'])).toEqual([
      'gold',
      'New',
      'Trial',
      'VIP',
    ]);
  });
  it('works before the registry has loaded', () => {
    expect(tagOptions(undefined, ['a'])).toEqual(['a']);
    expect(tagOptions(undefined)).toEqual([]);
  });
});

describe('tagNameError', () => {
  it('applies the server rule: trimmed, 1 to 40 characters, unique in any case', () => {
    expect(tagNameError('  ', 'tag', [])).toBe('name is required');
    expect(tagNameError('x'.repeat(41), 'tag', [])).toBe('name must be at most 40 characters');
    expect(tagNameError(` ${'x'.repeat(40)} `, 'tag', [])).toBeNull();
    expect(tagNameError('gold ', 'tag', [tag('Gold')])).toBe('A tag with this name already exists.');
    expect(tagNameError('GOLD', 'category', [{ ...tag('Gold'), type: 'category' }])).toBe(
      'A category with this name already exists.',
    );
    expect(tagNameError('Silver', 'tag', [tag('Gold')])).toBeNull();
  });
});
