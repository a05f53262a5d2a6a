import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * The page's HTML (sanitised by the server) and CSS inside a shadow root, so designer CSS such
 * as `body { ... }` or `* { ... }` cannot restyle the app around it, nor the app's CSS the page.
 */
export function PageBody({ html, css }: { html: string; css: string | null }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = `:host{display:block}img{max-width:100%;height:auto}${css ?? ''}`;
    const content = document.createElement('div');
    content.innerHTML = html;
    root.replaceChildren(style, content);

    // Same-site links inside the page navigate within the app instead of reloading it.
    const onClick = (event: Event) => {
      const mouse = event as MouseEvent;
      if (mouse.defaultPrevented || mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [html, css, navigate]);

  return <div ref={hostRef} className="atrium-page-body" />;
}
