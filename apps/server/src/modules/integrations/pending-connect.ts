import type { ConnectProvider } from '@atrium/contracts';

/**
 * An OAuth connection waiting for the provider to send the browser back (by its state). A file of
 * its own so integrations.service.ts (which holds the store) and oauth.service.ts (which fills and
 * reads it) both import it without importing each other.
 */
export interface PendingConnect {
  tenantId: string;
  userId: string;
  provider: ConnectProvider;
  isShareAccount: boolean;
  email: string | null;
  redirectUri: string;
}
