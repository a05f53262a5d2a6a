import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { repingIfWebsiteRefreshed } from '../../features/tenant/website-refresh';
import { STORAGE_KEYS } from '../../lib/storage';

/** Before the navigation is rebuilt (each route change, or another tab's page write), re-ping when flagged. */
export function useWebsiteRefresh(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change by design
  useEffect(() => {
    void repingIfWebsiteRefreshed();
  }, [pathname]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.websiteRefreshed && event.newValue !== null) void repingIfWebsiteRefreshed();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
