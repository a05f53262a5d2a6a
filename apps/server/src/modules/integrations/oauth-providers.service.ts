import {
  ACCOUNT_UNLINKED,
  type ConnectProvider,
  EMAIL_PROVIDERS,
  type OAuthProviderConnection,
  type OAuthProviderConnections,
} from '@atrium/contracts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Integrations } from './integrations.service.ts';
import {
  disconnectMeeting,
  disconnectStripe,
  listMailboxes,
  meetingConnection,
  revokeMailbox,
} from './oauth.service.ts';

/**
 * Spec 3 §7.7 on the connections the integrations screens keep (decisions.md "Structure"): the
 * listings compose the mailbox listing and the meeting connection; revoke by provider names what
 * the id-based revokes already do.
 */
async function meetingItems(ctx: Integrations, auth: Authenticated): Promise<OAuthProviderConnection[]> {
  const meeting = await meetingConnection(ctx, auth.tenant);
  if (!meeting.connected || meeting.productName !== 'zoom') return [];
  // The account's one Zoom connection serves every staff member's online classes.
  return [
    { _id: 'zoom', productName: 'zoom', kind: 'meeting', email: meeting.email, isShareAccount: true, isOwn: false },
  ];
}

/** GET /authmgr/oauth/providers: the mailboxes the asker may use (own and shared) and the online meeting. */
export async function listOAuthProviders(ctx: Integrations, auth: Authenticated): Promise<OAuthProviderConnections> {
  const { data } = await listMailboxes(ctx, auth);
  const mail = data.map(
    ({ _id, productName, email, isShareAccount, isOwn }): OAuthProviderConnection => ({
      _id,
      productName,
      kind: 'mail',
      email,
      isShareAccount,
      isOwn,
    }),
  );
  return { data: [...mail, ...(await meetingItems(ctx, auth))] };
}

/** GET /authmgr/oauth/providers/omeeting: the online meeting connection, an empty list when none. */
export async function listMeetingProviders(ctx: Integrations, auth: Authenticated): Promise<OAuthProviderConnections> {
  return { data: await meetingItems(ctx, auth) };
}

/**
 * POST /authmgr/oauth/revoke/{provider}: zoom and stripe disconnect the account's connection; a
 * mail provider unlinks the asker's own mailboxes of that provider (a shared one someone else
 * connected is revoked by its id on the accounts screen). 404 when there is nothing to revoke.
 */
export async function revokeProvider(
  ctx: Integrations,
  auth: Authenticated,
  provider: ConnectProvider,
): Promise<{ message: string }> {
  if (provider === 'zoom') return disconnectMeeting(ctx, auth.tenant);
  if (provider === 'stripe') return disconnectStripe(ctx, auth.tenant);
  if (!(EMAIL_PROVIDERS as readonly string[]).includes(provider)) throw notFound('Connection');
  const { data } = await listMailboxes(ctx, auth);
  const own = data.filter((account) => account.isOwn && account.productName === provider);
  if (own.length === 0) throw notFound('Email account');
  for (const account of own) await revokeMailbox(ctx, auth, account._id);
  return { message: ACCOUNT_UNLINKED };
}
