import type { ReactNode } from 'react';

/** No toolbar, navbar or footer: the unknown-tenant screen and other bare pages. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <main className="atrium-main">
      <div className="atrium-content">{children}</div>
    </main>
  );
}
