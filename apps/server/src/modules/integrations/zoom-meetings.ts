import { and, eq, sql } from 'drizzle-orm';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { tenantCredentials } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Platform } from '../../platform.ts';
import { OAuthClients } from './oauth-clients.ts';
import { CredentialVault, credentialsKey } from './vault.ts';

// Online classes through the tenant's Zoom connection (Settings > Integrations > Online Meeting):
// https://developers.zoom.us/docs/api/meetings/. Access tokens last an hour; the refresh token is
// rotated on each refresh, so the refresh runs behind a lock on the connection's row and the new
// pair is stored before anything else uses it.

const TIMEOUT_MS = 10_000;
/** Refresh a little before the hour is up. */
const EARLY_MS = 60_000;

export const ZOOM_MESSAGES = {
  notConnected: 'Connect Zoom in Settings > Integrations (Online Meeting) to hold online classes.',
  unreachable: 'Zoom could not be reached; the class was not saved. Please try again.',
  refused: (why: string) => `Zoom refused the meeting: ${why}`,
  reconnect: 'Zoom no longer accepts the connection: connect Zoom again in Settings > Integrations.',
} as const;

export interface ZoomMeeting {
  id: string;
  joinUrl: string;
}

export class ZoomMeetings {
  constructor(
    private readonly db: Db,
    private readonly vault: CredentialVault,
    private readonly oauth: OAuthClients,
  ) {}

  /** A recurring meeting with no fixed time (type 3): one join link for every session of a class. */
  async create(tenantId: string, topic: string, timeZone: string): Promise<ZoomMeeting> {
    const token = await this.accessToken(tenantId);
    const response = await this.call('POST', '/v2/users/me/meetings', token, {
      topic: topic.slice(0, 200),
      type: 3,
      timezone: timeZone,
      settings: { join_before_host: false, waiting_room: true },
    });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.status === 401) throw new AppError(400, 'zoom_reconnect', ZOOM_MESSAGES.reconnect, 'isOnline');
    if (!response.ok || !body || body.id === undefined || typeof body.join_url !== 'string') {
      if (response.status >= 500) throw new AppError(503, 'zoom_unreachable', ZOOM_MESSAGES.unreachable);
      throw new AppError(
        400,
        'zoom_refused',
        ZOOM_MESSAGES.refused(String(body?.message ?? response.status)),
        'isOnline',
      );
    }
    return { id: String(body.id), joinUrl: body.join_url };
  }

  /** Best effort: a meeting already gone (or Zoom unreachable) leaves nothing to undo here. */
  async remove(tenantId: string, meetingId: string): Promise<boolean> {
    try {
      const token = await this.accessToken(tenantId);
      const response = await this.call('DELETE', `/v2/meetings/${encodeURIComponent(meetingId)}`, token);
      await response.body?.cancel();
      return response.ok || response.status === 404;
    } catch {
      return false;
    }
  }

  private async call(method: string, path: string, token: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(`${this.oauth.zoomApiBase}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError(503, 'zoom_unreachable', ZOOM_MESSAGES.unreachable);
    }
  }

  private async find(tx: Tx, tenantId: string, lock: boolean) {
    const query = tx
      .select()
      .from(tenantCredentials)
      .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.provider, 'zoom')));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** A live access token: the stored one, or a refreshed pair stored under the row's lock. */
  private accessToken(tenantId: string): Promise<string> {
    return withTenant(this.db, tenantId, async (tx) => {
      const row = await this.find(tx, tenantId, true);
      if (!row?.isIntegrated) throw new AppError(400, 'zoom_not_connected', ZOOM_MESSAGES.notConnected, 'isOnline');
      const secrets = this.vault.open(tenantId, 'zoom', row);
      const fields = row.publicFields ?? {};
      const expiresAt = typeof fields.expiresAt === 'string' ? Date.parse(fields.expiresAt) : Number.NaN;
      if (secrets.accessToken && (Number.isNaN(expiresAt) || expiresAt - EARLY_MS > Date.now())) {
        return secrets.accessToken;
      }
      const refreshed = await this.oauth.refresh('zoom', secrets.refreshToken ?? '');
      if (refreshed.outcome === 'unreachable') throw new AppError(503, 'zoom_unreachable', ZOOM_MESSAGES.unreachable);
      if (refreshed.outcome !== 'ok') throw new AppError(400, 'zoom_reconnect', ZOOM_MESSAGES.reconnect, 'isOnline');
      const { tokens } = refreshed;
      const sealed = this.vault.seal(tenantId, 'zoom', {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken || (secrets.refreshToken ?? ''),
      });
      await tx
        .update(tenantCredentials)
        .set({
          ...sealed,
          publicFields: {
            ...fields,
            expiresAt: tokens.expiresIn ? new Date(Date.now() + tokens.expiresIn * 1000).toISOString() : null,
          },
          updatedAt: sql`now()`,
        })
        .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.provider, 'zoom')));
      return tokens.accessToken;
    });
  }
}

/** What the scheduling module needs of the meeting provider. */
export interface OnlineMeetings {
  create(tenantId: string, topic: string, timeZone: string): Promise<ZoomMeeting>;
  remove(tenantId: string, meetingId: string): Promise<boolean>;
}

/** The platform's Zoom client, made on first use (the credentials key is read from the database). */
export function zoomMeetingsOf(platform: Platform): OnlineMeetings {
  let made: Promise<ZoomMeetings> | null = null;
  const client = () => {
    made ??= credentialsKey(platform.db, platform.config).then(
      (key) =>
        new ZoomMeetings(
          platform.db,
          new CredentialVault(key),
          new OAuthClients(platform.config.oauthApps, platform.config.providerUrls.zoomApi),
        ),
    );
    return made;
  };
  return {
    create: async (tenantId, topic, timeZone) => (await client()).create(tenantId, topic, timeZone),
    remove: async (tenantId, meetingId) => (await client()).remove(tenantId, meetingId),
  };
}
