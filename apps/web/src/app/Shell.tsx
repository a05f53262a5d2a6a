import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SessionKeeper } from '../features/session/SessionKeeper';
import { bootSession, clearLanding } from '../features/session/session-actions';
import { useSession } from '../features/session/session-store';
import { applyBrandCssVariables } from './brand-shades';
import { Busy } from './components/Busy';
import { FaceSwitch } from './FaceSwitch';
import { PreviewBackGuard } from './PreviewBackGuard';

const UnknownTenant = lazy(() => import('./UnknownTenant'));
const NewStudioPage = lazy(() => import('../features/onboarding/NewStudioPage'));

/** The platform's own page on the bare product domain: a new studio signs up (no tenant face). */
export const NEW_STUDIO_PATH = '/new-studio';

let booting: Promise<void> | null = null;

/** Boots once per page load, however often React runs the effect (StrictMode runs it twice). */
function bootOnce(): Promise<void> {
  if (!booting) booting = bootSession();
  return booting;
}

/**
 * Spec 1 §4 "Shell": loading until the tenant and session are known, then the layout and the
 * navigation decision. A pending landing (after login, logout or a preview switch) is reached
 * before any face renders, so no face ever judges the previous path under the new session.
 */
export function Shell() {
  const { phase, tenant, landing } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    void bootOnce();
  }, []);

  useEffect(() => {
    if (landing !== null && landing === here) clearLanding();
  }, [landing, here]);

  // The studio's colour on the app's plain-CSS parts, in the shades Mantine's primary uses (theme.ts).
  const themeColor = tenant?.org.themeColor ?? null;
  useEffect(() => {
    applyBrandCssVariables(document.documentElement, themeColor);
  }, [themeColor]);

  if (location.pathname === NEW_STUDIO_PATH) {
    return (
      <Suspense fallback={<Busy fullPage />}>
        <NewStudioPage />
      </Suspense>
    );
  }
  if (phase === 'booting') return <Busy label="Loading" fullPage />;
  if (!tenant) {
    return (
      <Suspense fallback={<Busy fullPage />}>
        <UnknownTenant />
      </Suspense>
    );
  }
  if (landing !== null && landing !== here) return <Navigate to={landing} replace />;
  return (
    <>
      <FaceSwitch />
      <SessionKeeper />
      <PreviewBackGuard />
    </>
  );
}
