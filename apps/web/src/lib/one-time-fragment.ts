/**
 * A one-time code handed to this host in the address's fragment (`#key=code`), never a token: the
 * franchise switch and a new studio's welcome. It is taken out of the address bar and history before
 * the router starts (main.tsx), and read once by the boot.
 */
const MAX_CODE = 200;

export function oneTimeFragment(key: string) {
  let captured: string | null = null;
  const isIn = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).has(key);
  const parse = (hash: string): string | null => {
    const code = new URLSearchParams(hash.replace(/^#/, '')).get(key)?.trim();
    return code && code.length <= MAX_CODE && /^[A-Za-z0-9_-]+$/.test(code) ? code : null;
  };
  return {
    isIn,
    parse,
    url: (origin: string, path: string, code: string) => `${origin}${path}#${key}=${encodeURIComponent(code)}`,
    capture(): void {
      if (typeof window === 'undefined' || !isIn(window.location.hash)) return;
      captured = parse(window.location.hash);
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    },
    take(): string | null {
      const code = captured;
      captured = null;
      return code;
    },
  };
}
