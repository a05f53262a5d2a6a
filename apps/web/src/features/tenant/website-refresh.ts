import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { updateSession } from '../session/session-store';
import { pingTenant } from './tenant-api';

/** Every website-page write calls this (spec 3 §7.1), so menus are rebuilt from a fresh ping. */
export function markWebsiteRefreshed(): void {
  writeStored(STORAGE_KEYS.websiteRefreshed, 'true');
}

let inFlight: Promise<void> | null = null;

/** Re-pings the tenant when the flag is set, then clears it; the new config rebuilds navigation. */
export function repingIfWebsiteRefreshed(): Promise<void> {
  if (readStored(STORAGE_KEYS.websiteRefreshed) === null) return Promise.resolve();
  if (inFlight) return inFlight;
  writeStored(STORAGE_KEYS.websiteRefreshed, null);
  inFlight = pingTenant()
    .then((tenant) => {
      if (tenant) updateSession({ tenant });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
