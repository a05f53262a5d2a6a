import { useEffect } from 'react';
import { endPreview } from '../features/session/preview-actions';
import { useSession } from '../features/session/session-store';

/** Spec 1: browser back while in preview replaces the path with /dashboard and turns preview off. */
export function PreviewBackGuard() {
  const { preview } = useSession();
  useEffect(() => {
    if (preview === 'off') return;
    const onBack = () => endPreview('/dashboard');
    window.addEventListener('popstate', onBack);
    return () => window.removeEventListener('popstate', onBack);
  }, [preview]);
  return null;
}
