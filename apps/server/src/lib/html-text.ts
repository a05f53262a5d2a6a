/**
 * Markup's text: every tag dropped, then the entities the sanitiser writes (&nbsp; &lt; &gt; &quot;
 * &#39;, and &amp; last, so '&amp;lt;' stays '&lt;') decoded. Line breaks and spacing are the caller's.
 */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
