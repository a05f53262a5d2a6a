/**
 * Live sections of builder pages (issue 27): a section the designer emits is marked
 * `data-site-{name}-section` and holds a container marked `data-site-{name}="N"` (how many items).
 * Pages are cached sanitised (platform.sitePages); per request the container's contents are replaced
 * with the items, and with none the marked section is left out (or, when the section marker was
 * removed in the designer, the container is emptied). Used for reviews and notices.
 *
 * The HTML is sanitize-html's output (well formed, no comments, `<` in text and `>` in attribute
 * values escaped), so an element is found by its opening tag and the matching close tag of its name.
 */

const attr = (name: string) => name.replace(/[^a-z-]/g, '');

/** Whether page HTML holds the container for `name` (so its items are read only for such pages). */
export function hasMarked(html: string, name: string): boolean {
  return new RegExp(`\\sdata-site-${attr(name)}(?:="\\d*")?[\\s/>]`, 'i').test(html);
}

/** The end index of the close tag matching the element of `tag` whose opening tag ends at `from`. */
function closeOf(html: string, tag: string, from: number): { start: number; end: number } | null {
  const tokens = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tokens.lastIndex = from;
  let depth = 1;
  for (let m = tokens.exec(html); m; m = tokens.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return { start: m.index, end: m.index + m[0].length };
  }
  return null;
}

/**
 * Page HTML with the first container for `name` filled with up to N (its attribute, at most `max`)
 * of `items` (HTML, already safe); other HTML comes back as it was.
 */
export function fillMarked(html: string, name: string, items: string[], max: number): string {
  const opening = html.match(
    new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\sdata-site-${attr(name)}(?:="(\\d*)")?(?=[\\s/>])[^>]*>`, 'i'),
  );
  if (!opening || opening.index === undefined) return html;
  const tag = (opening[1] ?? 'div').toLowerCase();
  const wanted = Number(opening[2] ?? '') || max;
  const innerStart = opening.index + opening[0].length;
  const close = opening[0].endsWith('/>') ? null : closeOf(html, tag, innerStart);
  if (!close) return html;
  const shown = items.slice(0, Math.max(1, Math.min(max, wanted)));
  if (shown.length === 0) {
    const section = html.match(
      new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\sdata-site-${attr(name)}-section(?:="[^"]*")?(?=[\\s/>])[^>]*>`, 'i'),
    );
    if (section && section.index !== undefined && section.index < opening.index) {
      const sectionClose = closeOf(html, (section[1] ?? 'section').toLowerCase(), section.index + section[0].length);
      if (sectionClose && sectionClose.end >= close.end)
        return html.slice(0, section.index) + html.slice(sectionClose.end);
    }
    return html.slice(0, innerStart) + html.slice(close.start);
  }
  return html.slice(0, innerStart) + shown.join('') + html.slice(close.start);
}
