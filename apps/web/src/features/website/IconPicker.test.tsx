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
