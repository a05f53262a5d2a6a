import sanitizeHtml from 'sanitize-html';

/**
 * Page HTML written by staff is shown to visitors only after this: no script, no event handler,
 * no javascript: URL survives (the CSP would block them too; this is the first line).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'video',
    'audio',
    'source',
    'picture',
    'iframe',
    'section',
    'article',
    'header',
    'footer',
    'nav',
    'main',
    'aside',
    'figure',
    'figcaption',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'u',
    's',
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'style', 'title', 'lang', 'dir', 'role', 'aria-*', 'data-*'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    video: ['src', 'poster', 'controls', 'autoplay', 'muted', 'loop', 'playsinline', 'width', 'height'],
    audio: ['src', 'controls', 'loop'],
    source: ['src', 'srcset', 'type', 'media'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'title', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedIframeHostnames: [
    'www.youtube.com',
    'www.youtube-nocookie.com',
    'player.vimeo.com',
    'www.google.com',
    'maps.google.com',
  ],
  allowProtocolRelative: false,
  transformTags: {
    // a new tab must not get a handle on this page
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Page CSS goes inside a <style> element: it must not be able to close it. */
export function safeStyleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1').replace(/<!--/g, '');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
