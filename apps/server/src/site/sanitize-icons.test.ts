import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './sanitize.ts';

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" class="sb-icon" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path stroke="none" d="M0 0h24v24H0z" fill="none"></path><circle cx="12" cy="4" r="1"></circle><path d="M4 20h4l1.5 -3"></path></svg>';

describe("the designer's icons on the public page", () => {
  it('keeps an inline Tabler icon as drawn', () => {
    const kept = sanitizePageHtml(ICON);
    expect(kept).toContain('viewbox="0 0 24 24"');
    expect(kept).toContain('<circle cx="12" cy="4" r="1"></circle>');
    expect(kept).toContain('stroke="currentColor"');
    expect(kept).toContain('aria-hidden="true"');
  });

  it('drops what an SVG could link, load or run', () => {
    const hostile =
      '<svg onload="alert(1)"><script>alert(2)</script><use href="#x"></use><image href="https://x.test/a.png"></image><foreignObject><p>hi</p></foreignObject><a href="javascript:alert(3)"><path d="M0 0"></path></a></svg>';
    const out = sanitizePageHtml(hostile);
    for (const bad of ['onload', '<script', 'alert(2)', '<use', '<image', 'foreignobject', 'javascript:']) {
      expect(out.toLowerCase()).not.toContain(bad.toLowerCase());
    }
    expect(out).toContain('<path d="M0 0"></path>');
  });
});
