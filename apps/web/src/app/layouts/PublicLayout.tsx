import { brandColours } from '@atrium/contracts';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { buildPublicNav } from '../../features/navigation/public-nav';
import { useTenant } from '../../features/session/session-store';
import { Footer } from './Footer';
import { PreviewBar } from './PreviewBar';
import { PublicToolbar } from './PublicToolbar';
import { SiteMenu } from './SiteMenu';
import { TenantLogo } from './TenantLogo';
import { useWebsiteRefresh } from './useWebsiteRefresh';

/**
 * The tenant's colours as the CSS variables public.css reads, the same ones the server-rendered
 * pages use (contracts brandColours), so /login and the home page wear one brand.
 */
function brandStyle(org: Parameters<typeof brandColours>[0]): CSSProperties {
  const { toolbar, header } = brandColours(org);
  const style: Record<string, string> = {};
  if (toolbar) {
    style['--brand-toolbar-bg'] = toolbar.background;
    style['--brand-toolbar-text'] = toolbar.text;
  }
  if (header) {
    style['--brand-header-bg'] = header.background;
    style['--brand-header-text'] = header.text;
  }
  return style as CSSProperties;
}

/** Public horizontal layout; in Web Preview a preview bar sits on top (spec 1 "Menus and layouts"). */
export function PublicLayout({ children, preview = false }: { children: ReactNode; preview?: boolean }) {
  const tenant = useTenant();
  useWebsiteRefresh();
  const items = useMemo(() => buildPublicNav(tenant), [tenant]);
  return (
    <div className="atrium-frame public-frame" style={brandStyle(tenant.org)}>
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
