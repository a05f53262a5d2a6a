import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { buildAdminMenu } from '../../features/navigation/admin-menu';
import { useSession, useTenant } from '../../features/session/session-store';
import { revealApp } from '../app-prepaint';
import { AdminToolbar } from './AdminToolbar';
import { Footer } from './Footer';
import { NavigationList } from './NavigationList';
import { useWebsiteRefresh } from './useWebsiteRefresh';

/** Mantine's md breakpoint: above it the sidebar is locked open (spec 1 §4 "Sidebar"). */
const LOCKED_OPEN_QUERY = '(min-width: 62em)';

/**
 * Admin vertical layout: toolbar, sidebar (250 px, folded 64 px, hover unfolds; a drawer under
 * md, 80vw under 600 px), content up to 1366 px, footer.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  // a signed-in person sent here from /login: the server's first paint of it gives way
  useEffect(revealApp, []);
  const tenant = useTenant();
  const { account, user } = useSession();
  const lockedOpen = useMediaQuery(LOCKED_OPEN_QUERY, true, { getInitialValueInEffect: false });
  const [folded, setFolded] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const role = user?.role ?? null;
  const items = useMemo(() => buildAdminMenu(tenant, account, undefined, role), [tenant, account, role]);
  useWebsiteRefresh();

  const menu = (onNavigate?: () => void) => (
    <nav aria-label="Admin menu">
      <NavigationList items={items} onNavigate={onNavigate} />
    </nav>
  );

  return (
    <div className="atrium-frame">
      <AdminToolbar
        menuExpanded={lockedOpen ? !folded : drawerOpen}
        onToggleMenu={() => (lockedOpen ? setFolded((value) => !value) : setDrawerOpen((value) => !value))}
        menu={items}
      />
      <div className="admin-shell">
        {lockedOpen ? (
          <aside className="admin-sidebar" data-folded={folded}>
            {menu()}
          </aside>
        ) : (
          <Drawer
            opened={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title="Menu"
            size="var(--atrium-sidebar-width)"
            padding="xs"
          >
            {menu(() => setDrawerOpen(false))}
          </Drawer>
        )}
        <div className="admin-main">
          <main className="atrium-main">
            <div className="atrium-content">{children}</div>
          </main>
          <Footer showVersion />
        </div>
      </div>
    </div>
  );
}
