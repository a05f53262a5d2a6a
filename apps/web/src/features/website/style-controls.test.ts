import { describe, expect, it } from 'vitest';
import {
  alignOf,
  alignPatch,
  backgroundOf,
  backgroundPatch,
  imagePatch,
  spacingOf,
  spacingPatch,
  styleValues,
  swatchColours,
  textColourOf,
  textColourPatch,
} from './style-controls';

/** What GrapesJS does with a patch: merged into the element's rule, '' removes a property. */
const apply = (style: Record<string, string>, patch: Record<string, string>) => {
  const next = { ...style, ...patch };
  for (const [name, value] of Object.entries(next)) if (value === '') delete next[name];
  return next;
};

describe('the style controls in words', () => {
  it('writes spacing as equal top and bottom padding and reads it back', () => {
    expect(spacingPatch('large')).toEqual({ 'padding-top': '80px', 'padding-bottom': '80px' });
    for (const choice of ['none', 'small', 'medium', 'large'] as const) {
      expect(spacingOf(apply({}, spacingPatch(choice)))).toBe(choice);
    }
    expect(spacingOf({ 'padding-top': '0px', 'padding-bottom': '0px' })).toBe('none');
    // the section's own padding, or uneven padding set under Advanced: no choice is claimed
    expect(spacingOf({})).toBeNull();
    expect(spacingOf({ 'padding-top': '16px', 'padding-bottom': '40px' })).toBeNull();
  });

  it('aligns left, centre and right', () => {
    expect(alignPatch('center')).toEqual({ 'text-align': 'center' });
    expect(alignOf({ 'text-align': 'right' })).toBe('right');
    expect(alignOf({ 'text-align': 'justify' })).toBeNull();
  });

  it('paints a theme background with the text colour that reads on it, and None clears both', () => {
    const dark = apply({}, backgroundPatch('dark'));
    expect(dark['background-color']).toBe('var(--site-primary-900, #212529)');
    expect(dark.color).toBe('var(--site-primary-900-text, #ffffff)');
    expect(backgroundOf(dark)).toBe('dark');
    expect(textColourOf(dark)).toBe('auto');

    const theme = apply(dark, backgroundPatch('theme', dark));
    expect(theme['background-color']).toBe('var(--site-accent)');
    expect(theme.color).toBe('var(--site-accent-text)');

    const none = apply(theme, backgroundPatch('none', theme));
    expect(none.color).toBeUndefined();
    expect(none['background-color']).toBe('transparent');
    // None hides the section's own wash (the hero's gradient) too
    expect(none['background-image']).toBe('none');
    expect(backgroundOf(none)).toBe('none');
    expect(backgroundOf({})).toBeNull();
  });

  it('keeps a text colour the owner picked when the background changes', () => {
    const white = apply({}, textColourPatch('white'));
    const dark = apply(white, backgroundPatch('dark', white));
    expect(dark.color).toBe('#ffffff');
    expect(textColourOf(dark)).toBe('white');
  });

  it('sets a photo as a covering background, quoted so it cannot end the value', () => {
    const image = apply({ 'background-color': 'var(--site-accent)' }, imagePatch('/media/abc"); x: y'));
    expect(image['background-image']).toBe('url("/media/abc); x: y")');
    expect(image['background-size']).toBe('cover');
    expect(image['background-color']).toBeUndefined();
    expect(backgroundOf(image)).toBe('image');
    // a colour choice takes the photo away again
    expect(apply(image, backgroundPatch('light', image))['background-image']).toBeUndefined();
  });

  it('picks text colours from the theme, Automatic going back to what reads on the background', () => {
    expect(textColourPatch('theme')).toEqual({ color: 'var(--site-accent-ink)' });
    expect(textColourOf({ color: 'var(--site-primary-800, #343a40)' })).toBe('deep');
    expect(textColourOf({ color: 'rgb(1, 2, 3)' })).toBeNull();
    const light = apply({}, backgroundPatch('light'));
    const black = apply(light, textColourPatch('black', light));
    expect(apply(black, textColourPatch('auto', black)).color).toBe('var(--site-primary-50-text, #212529)');
    expect(textColourPatch('auto', {})).toEqual({ color: '' });
  });

  it('shows swatches in the studio colours, the platform default without one', () => {
    const red = swatchColours('#c92a2a');
    expect(red.background.dark).toMatch(/^#[0-9a-f]{6}$/i);
    expect(red.background.dark).not.toBe(swatchColours(null).background.dark);
    expect(red.text.white).toBe('#ffffff');
  });

  it("reads GrapesJS's style values, the last of a list, leaving its private keys out", () => {
    expect(styleValues({ color: ['red', 'blue'], __p: true, 'text-align': 'left' })).toEqual({
      color: 'blue',
      'text-align': 'left',
    });
  });
});
