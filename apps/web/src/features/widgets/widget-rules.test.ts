import type { Widget } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  filterWidgets,
  pixelsOrNull,
  WIDGET_PAGE_SIZE,
  WIDGET_PAGE_SIZES,
  WIDGET_SEARCH_DEBOUNCE_MS,
  widgetFormErrors,
} from './widget-rules';

const widget = (name: string): Widget => ({
  guId: name,
  name,
  type: 'Link',
  height: null,
  width: null,
  misc: 'https://x.test',
  isPublished: false,
  publishedDateStr: null,
  dateUpdatedStr: '2026-01-01T00:00:00Z',
});

describe('widget list', () => {
  it('searches names case-insensitively, ignoring surrounding spaces', () => {
    const all = ['Event List', 'Past events', 'Book a class link'].map(widget);
    expect(filterWidgets(all, 'EVENT').map((w) => w.name)).toEqual(['Event List', 'Past events']);
    expect(filterWidgets(all, '  link ').map((w) => w.name)).toEqual(['Book a class link']);
    expect(filterWidgets(all, '')).toHaveLength(3);
    expect(filterWidgets(all, 'zzz')).toEqual([]);
  });

  it('uses the spec page sizes and debounce', () => {
    expect(WIDGET_PAGE_SIZE).toBe(50);
    expect(WIDGET_PAGE_SIZES).toEqual([50, 100, 150]);
    expect(WIDGET_SEARCH_DEBOUNCE_MS).toBe(300);
  });
});

describe('widget edit form', () => {
  const ok = { name: 'A', misc: 'https://example.com', width: 300, height: '' };

  it('is valid with a name and an http(s) url; sizes optional', () => {
    expect(widgetFormErrors(ok)).toEqual({});
    expect(widgetFormErrors({ ...ok, width: '', misc: 'http://a.b/c?d' })).toEqual({});
  });

  it('requires name and url with the spec messages', () => {
    expect(widgetFormErrors({ ...ok, name: ' ', misc: '' })).toEqual({
      name: 'Name is required!',
      misc: 'Url is required!',
    });
  });

  it('refuses a url that is not http(s) and sizes that are not whole positive pixels', () => {
    expect(widgetFormErrors({ ...ok, misc: 'javascript:alert(1)' }).misc).toBe(
      'Url must start with http:// or https://',
    );
    expect(widgetFormErrors({ ...ok, misc: 'example.com' }).misc).toBeDefined();
    expect(widgetFormErrors({ ...ok, width: 0 }).width).toBeDefined();
    expect(widgetFormErrors({ ...ok, height: 1.5 }).height).toBeDefined();
    expect(widgetFormErrors({ ...ok, height: 10_001 }).height).toBeDefined();
  });

  it('sends an empty size as null', () => {
    expect(pixelsOrNull('')).toBeNull();
    expect(pixelsOrNull(120)).toBe(120);
  });
});
