import { brandAccent, themePalette } from '@atrium/contracts';

/**
 * The designer's style controls in words (issue 29): spacing, alignment, background and text colour as a few named
 * choices, each a set of CSS longhands written on the selected element (GrapesJS keeps them in the element's own id
 * rule, so one section changes, not every section sharing its class). Colours are the site theme's variables, so a
 * theme change recolours what was styled here too; each carries a fallback for a studio with no theme colour.
 * A value of '' removes the property (GrapesJS drops empty values).
 */

export type StyleValues = Record<string, string>;

export const SPACING_CHOICES = [
  { value: 'none', label: 'None', size: '0' },
  { value: 'small', label: 'Small', size: '16px' },
  { value: 'medium', label: 'Medium', size: '40px' },
  { value: 'large', label: 'Large', size: '80px' },
] as const;
export type Spacing = (typeof SPACING_CHOICES)[number]['value'];

export const ALIGN_CHOICES = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
] as const;
export type Align = (typeof ALIGN_CHOICES)[number]['value'];

/** A background and the text colour that reads on it (the palette's AA pair). */
export const BACKGROUND_CHOICES = [
  { value: 'none', label: 'None', color: 'transparent', text: '' },
  { value: 'theme', label: 'Theme colour', color: 'var(--site-accent)', text: 'var(--site-accent-text)' },
  {
    value: 'light',
    label: 'Light',
    color: 'var(--site-primary-50, #f8f9fa)',
    text: 'var(--site-primary-50-text, #212529)',
  },
  {
    value: 'dark',
    label: 'Dark',
    color: 'var(--site-primary-900, #212529)',
    text: 'var(--site-primary-900-text, #ffffff)',
  },
  { value: 'image', label: 'Image', color: '', text: '' },
] as const;
export type Background = (typeof BACKGROUND_CHOICES)[number]['value'];

export const TEXT_COLOUR_CHOICES = [
  { value: 'auto', label: 'Automatic', color: '' },
  { value: 'theme', label: 'Theme colour', color: 'var(--site-accent-ink)' },
  { value: 'deep', label: 'Deep shade', color: 'var(--site-primary-800, #343a40)' },
  { value: 'pale', label: 'Pale shade', color: 'var(--site-primary-100, #f1f3f5)' },
  { value: 'black', label: 'Near black', color: '#212529' },
  { value: 'white', label: 'White', color: '#ffffff' },
] as const;
export type TextColour = (typeof TEXT_COLOUR_CHOICES)[number]['value'];

const clean = (value: string | undefined) => (value ?? '').trim();

export function spacingPatch(choice: Spacing): StyleValues {
  const size = SPACING_CHOICES.find((c) => c.value === choice)?.size ?? '';
  return { 'padding-top': size, 'padding-bottom': size };
}

/** The spacing choice the element wears, or null when it has its own (the section's design, or Advanced). */
export function spacingOf(style: StyleValues): Spacing | null {
  const top = clean(style['padding-top']);
  if (!top || top !== clean(style['padding-bottom'])) return null;
  const zero = top === '0' || top === '0px';
  return SPACING_CHOICES.find((c) => c.size === top || (zero && c.value === 'none'))?.value ?? null;
}

export const alignPatch = (choice: Align): StyleValues => ({ 'text-align': choice });

export function alignOf(style: StyleValues): Align | null {
  const value = clean(style['text-align']);
  return ALIGN_CHOICES.find((c) => c.value === value)?.value ?? null;
}

const IMAGE_CLEARED = { 'background-image': '', 'background-size': '', 'background-position': '' };

/** The background (and, with a colour, the text colour that reads on it); an image is `imagePatch`. */
export function backgroundPatch(choice: Exclude<Background, 'image'>, style: StyleValues = {}): StyleValues {
  const entry = BACKGROUND_CHOICES.find((c) => c.value === choice);
  const ownText = textColourOf(style);
  // the text colour follows the background unless the owner picked one of their own
  const keepText = ownText !== null && ownText !== 'auto';
  return {
    ...IMAGE_CLEARED,
    // None hides a background the section's own design gives it (the hero's wash) too
    ...(choice === 'none' ? { 'background-image': 'none' } : {}),
    'background-color': entry?.color ?? '',
    ...(keepText ? {} : { color: entry?.text ?? '' }),
  };
}

/** A photo as the background, covering the element; the address is quoted so it cannot end the value. */
export function imagePatch(src: string): StyleValues {
  const safe = src.replace(/["\\\n\r]/g, '');
  return {
    'background-image': `url("${safe}")`,
    'background-size': 'cover',
    'background-position': 'center',
    'background-color': '',
  };
}

/** null when the element keeps the background its design gives it (or one set under Advanced). */
export function backgroundOf(style: StyleValues): Background | null {
  const image = clean(style['background-image']);
  if (image.startsWith('url(')) return 'image';
  if (image && image !== 'none') return null;
  const color = clean(style['background-color']);
  return BACKGROUND_CHOICES.find((c) => c.value !== 'image' && c.color === color && color)?.value ?? null;
}

/** 'auto' also when the text wears the pair of the background chosen here (it reads on it by itself). */
export function textColourOf(style: StyleValues): TextColour | null {
  const color = clean(style.color);
  if (!color) return 'auto';
  const background = BACKGROUND_CHOICES.find((c) => c.text && c.color === clean(style['background-color']));
  if (background && background.text === color) return 'auto';
  return TEXT_COLOUR_CHOICES.find((c) => c.color === color)?.value ?? null;
}

/** Automatic is the background's readable pair when a theme background is set, else the page's own colour. */
export function textColourPatch(choice: TextColour, style: StyleValues = {}): StyleValues {
  if (choice === 'auto') {
    const background = BACKGROUND_CHOICES.find((c) => c.text && c.color === clean(style['background-color']));
    return { color: background?.text ?? '' };
  }
  return { color: TEXT_COLOUR_CHOICES.find((c) => c.value === choice)?.color ?? '' };
}

/** The colours the swatches show in the panel (the app's own page does not carry the site's variables). */
export function swatchColours(themeColor: string | null | undefined): {
  background: Record<Background, string>;
  text: Record<TextColour, string>;
} {
  const base = themeColor || '#364fc7';
  const palette = themePalette(base) ?? {};
  const accent = brandAccent(base);
  const shade = (n: number, fallback: string) => palette[`--site-primary-${n}`] ?? fallback;
  return {
    background: {
      none: 'transparent',
      theme: accent?.background ?? base,
      light: shade(50, '#f8f9fa'),
      dark: shade(900, '#212529'),
      image: 'transparent',
    },
    text: {
      auto: 'transparent',
      theme: accent?.ink ?? base,
      deep: shade(800, '#343a40'),
      pale: shade(100, '#f1f3f5'),
      black: '#212529',
      white: '#ffffff',
    },
  };
}

/** GrapesJS style values may be lists (several declarations of one property): the panel reads the last. */
export function styleValues(style: Record<string, unknown>): StyleValues {
  const values: StyleValues = {};
  for (const [name, value] of Object.entries(style)) {
    if (name.startsWith('__')) continue;
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') values[name] = last;
  }
  return values;
}
