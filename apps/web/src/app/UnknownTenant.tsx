import { useEffect } from 'react';
import { BlankLayout } from './layouts/BlankLayout';

/** Spec 1 §8: the host names no tenant (ping without orgId). */
export default function UnknownTenant() {
  useEffect(() => {
    document.title = 'Atrium';
  }, []);
  return (
    <BlankLayout>
      <p role="alert" className="atrium-alert">
        no valid orgId found for account
      </p>
    </BlankLayout>
  );
}
