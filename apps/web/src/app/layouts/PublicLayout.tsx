import { type ReactNode, useMemo } from 'react';
import { buildPublicNav } from '../../features/navigation/public-nav';
import { useTenant } from '../../features/session/session-store';
import { Footer } from './Footer';
import { PreviewBar } from './PreviewBar';
import { PublicToolbar } from './PublicToolbar';
import { SiteMenu } from './SiteMenu';
import { TenantLogo } from './TenantLogo';
import { useWebsiteRefresh } from './useWebsiteRefresh';

/** Public horizontal layout; in Web Preview a preview bar sits on top (spec 1 "Menus and layouts"). */
export function PublicLayout({ children, preview = false }: { children: ReactNode; preview?: boolean }) {
  const tenant = useTenant();
  useWebsiteRefresh();
  const items = useMemo(() => buildPublicNav(tenant), [tenant]);
  return (
    <div className="atrium-frame">
      {preview ? <PreviewBar label="Web Preview" /> : null}
      <header>
        <PublicToolbar />
        <div className="public-navbar">
          <div className="public-navbar__inner">
            <TenantLogo to="/" externalWhenWebsiteIsExternal />
            <SiteMenu items={items} />
          </div>
        </div>
      </header>
      <main className="atrium-main">
        <div className="atrium-content">{children}</div>
      </main>
      <Footer />
    </div>
  );
}
