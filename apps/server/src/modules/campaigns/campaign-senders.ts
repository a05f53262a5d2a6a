import { CAMPAIGN_MESSAGES, type CampaignSendVia } from '@atrium/contracts';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { type Tx, withTenant } from '../../db/client.ts';
import { tenantCredentials, tenants } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Platform } from '../../platform.ts';
import { MAILBOX_PREFIX } from '../integrations/integrations.service.ts';
import { OAuthClients } from '../integrations/oauth-clients.ts';
import { CredentialVault, credentialsKey } from '../integrations/vault.ts';
import type { OutgoingEmail } from '../mail/outbox.ts';

// Sending a campaign through the studio's choice (docs/decisions/campaigns.md "Sending through the
// studio's choice"): Brevo's transactional API with the studio's key, or a connected Gmail or
// Microsoft 365 mailbox through their APIs. SMTP goes through the outbox (campaign-sending.ts).
// Each sender answers one email at a time with what happened, so the batch can mark the recipient
// sent, refused (this address), wait (the provider's rate) or stop the campaign (the provider stopped).

const TIMEOUT_MS = 20_000;
/** Refresh an OAuth access token a minute before it runs out. */
const EARLY_MS = 60_000;
/** The longest a rate limit's wait is honoured in one go (a longer one is waited in steps). */
const MAX_WAIT_SECONDS = 60;

export type SendOutcome =
  | { kind: 'sent'; messageId: string }
  | { kind: 'refused'; message: string }
  | { kind: 'wait'; seconds: number }
  /** The provider stopped: the campaign pauses. `inDoubt`: no answer came, so this email may have gone. */
  | { kind: 'stopped'; reason: string; inDoubt?: boolean };

/** One recipient's email as a provider's API sends it, with the key that makes a retry the same send. */
export interface ApiEmail extends OutgoingEmail {
  /** A UUID kept on the recipient's row: Brevo's idempotencyKey, the Message-ID's left part elsewhere. */
  key: string;
  toName: string;
}

export interface ApiSender {
  readonly provider: 'brevo' | 'mailbox';
  /** May a recipient whose earlier send was not confirmed be sent again (the provider dedupes by key)? */
  readonly resendsSafely: boolean;
  send(email: ApiEmail): Promise<SendOutcome>;
}

/** Why a campaign cannot be sent through its provider now (it pauses with this reason). */
export class ProviderUnavailable extends Error {}

const vaults = new WeakMap<Platform, Promise<CredentialVault>>();
export function vaultOf(platform: Platform): Promise<CredentialVault> {
  let vault = vaults.get(platform);
  if (!vault) {
    vault = credentialsKey(platform.db, platform.config).then((key) => new CredentialVault(key));
    vaults.set(platform, vault);
  }
  return vault;
}

/**
 * The studio's default: its active campaign provider (Settings > Integrations), Brevo or Mailchimp
 * (with an audience chosen), else SMTP.
 */
export async function defaultProvider(tx: Tx, tenantId: string): Promise<CampaignSendVia> {
  const rows = await tx
    .select({
      provider: tenantCredentials.provider,
      on: tenantCredentials.isIntegrated,
      pub: tenantCredentials.publicFields,
    })
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantId), inArray(tenantCredentials.provider, ['brevo', 'mailchimp'])));
  if (rows.some((row) => row.provider === 'brevo' && row.on)) return 'brevo';
  if (rows.some((row) => row.provider === 'mailchimp' && row.on && row.pub?.mcAudienceId)) return 'mailchimp';
  return 'smtp';
}

export interface Mailbox {
  id: string;
  email: string;
  productName: 'googlemail' | 'outlookmail' | 'zohomail';
  userId: string;
  isShareAccount: boolean;
}

/** The studio's connected mailboxes (Settings > Integrations > Connect email). */
export async function studioMailboxes(tx: Tx, tenantId: string): Promise<Mailbox[]> {
  const rows = await tx
    .select({ id: tenantCredentials.id, pub: tenantCredentials.publicFields })
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantId), like(tenantCredentials.provider, `${MAILBOX_PREFIX}%`)));
  return rows.map(({ id, pub }) => {
    const product = String(pub?.productName ?? '');
    return {
      id,
      email: String(pub?.email ?? ''),
      productName: product === 'outlookmail' || product === 'zohomail' ? product : 'googlemail',
      userId: String(pub?.userId ?? ''),
      isShareAccount: pub?.isShareAccount === true,
    };
  });
}

/**
 * A campaign's provider as saved or sent: Brevo must be connected (checked when sending), a mailbox
 * must be one of the studio's that the person can use (their own or a shared one), and not Zoho Mail
 * (the spec: 'Bulk email not supported for Zoho Mail').
 */
export async function checkProvider(
  tx: Tx,
  tenantId: string,
  provider: CampaignSendVia | null,
  mailboxId: string | null,
  userId: string | null,
  sending: boolean,
): Promise<void> {
  if (provider === 'mailbox') {
    if (!mailboxId) throw badRequest('mailboxId', CAMPAIGN_MESSAGES.mailboxRequired);
    const mailbox = (await studioMailboxes(tx, tenantId)).find((m) => m.id === mailboxId);
    if (!mailbox || (userId && mailbox.userId !== userId && !mailbox.isShareAccount)) {
      throw badRequest('mailboxId', CAMPAIGN_MESSAGES.mailboxUnknown);
    }
    if (mailbox.productName === 'zohomail') throw badRequest('mailboxId', CAMPAIGN_MESSAGES.zohoRefused);
  }
  if (sending && provider === 'brevo' && (await defaultProvider(tx, tenantId)) !== 'brevo') {
    throw badRequest('provider', CAMPAIGN_MESSAGES.brevoNotConnected);
  }
  if (sending && provider === 'mailchimp' && (await defaultProvider(tx, tenantId)) !== 'mailchimp') {
    throw badRequest('provider', CAMPAIGN_MESSAGES.mailchimpNotConnected);
  }
}

async function credentialRow(platform: Platform, tenantId: string, where: ReturnType<typeof eq>) {
  return withTenant(platform.db, tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(tenantCredentials)
      .where(and(eq(tenantCredentials.tenantId, tenantId), where));
    return row ?? null;
  });
}

/** The sender of a campaign going through an API; a provider that cannot be used is ProviderUnavailable. */
export async function apiSenderFor(
  platform: Platform,
  tenantId: string,
  provider: 'brevo' | 'mailbox',
  mailboxId: string | null,
): Promise<ApiSender> {
  const vault = await vaultOf(platform);
  if (provider === 'brevo') {
    const row = await credentialRow(platform, tenantId, eq(tenantCredentials.provider, 'brevo'));
    if (!row?.isIntegrated)
      throw new ProviderUnavailable(
        'Brevo is no longer connected: add its API key in Settings > Integrations > Brevo.',
      );
    const apiKey = vault.open(tenantId, 'brevo', row).sibApiKey ?? '';
    const fromEmail = String(row.publicFields?.fromEmail ?? '');
    const fromName = String(row.publicFields?.fromName ?? '');
    const [tenant] = await platform.db
      .select({ name: tenants.name, settings: tenants.settings })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    const studioName = (tenant?.settings.fromEmailName ?? '').trim() || fromName || tenant?.name || '';
    const replyTo = (tenant?.settings.email ?? '').trim();
    return new BrevoSender(platform.config.providerUrls.brevo, apiKey, { email: fromEmail, name: studioName }, replyTo);
  }
  if (!mailboxId) throw new ProviderUnavailable(CAMPAIGN_MESSAGES.mailboxRequired);
  const row = await credentialRow(platform, tenantId, eq(tenantCredentials.id, mailboxId));
  if (!row) throw new ProviderUnavailable('The connected mailbox was removed: choose another way to send.');
  const product = String(row.publicFields?.productName ?? '');
  if (product === 'zohomail') throw new ProviderUnavailable(CAMPAIGN_MESSAGES.zohoRefused);
  const [tenant] = await platform.db
    .select({ name: tenants.name, settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return new MailboxSender(
    platform,
    vault,
    tenantId,
    row.provider,
    product === 'outlookmail' ? 'outlookmail' : 'googlemail',
    {
      email: String(row.publicFields?.email ?? ''),
      name: (tenant?.settings.fromEmailName ?? '').trim() || tenant?.name || '',
    },
  );
}

/** The answer, or why none came (a timeout, a connection refused or reset). */
async function post(url: string, headers: Record<string, string>, body: string): Promise<Response | string> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return typeof cause === 'string' ? cause : error instanceof Error ? error.name : 'no answer';
  }
}

const waitOf = (header: string | null, fallback = 1) => {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_WAIT_SECONDS) : fallback;
};

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.slice(0, 300);
}

/**
 * Brevo's transactional API, one call per recipient (POST /v3/smtp/email): each recipient's own
 * one-click unsubscribe header (a batch's message versions cannot carry headers of their own), and
 * `headers.idempotencyKey` the recipient's key, so a send retried after a lost answer is sent once.
 */
export class BrevoSender implements ApiSender {
  readonly provider = 'brevo' as const;
  readonly resendsSafely = true;

  constructor(
    private readonly base: string,
    private readonly apiKey: string,
    private readonly from: { email: string; name: string },
    private readonly studioReplyTo: string,
  ) {}

  async send(email: ApiEmail): Promise<SendOutcome> {
    const replyTo = email.sender?.replyTo || this.studioReplyTo;
    const response = await post(
      `${this.base}/v3/smtp/email`,
      { accept: 'application/json', 'content-type': 'application/json', 'api-key': this.apiKey },
      JSON.stringify({
        sender: { email: this.from.email, name: email.sender?.name || this.from.name },
        to: [{ email: email.to, ...(email.toName ? { name: email.toName } : {}) }],
        ...(replyTo ? { replyTo: { email: replyTo } } : {}),
        subject: email.subject,
        htmlContent: email.html,
        textContent: email.text,
        headers: { ...email.headers, idempotencyKey: email.key },
      }),
    );
    if (typeof response === 'string') {
      return { kind: 'stopped', reason: `Brevo could not be reached (${response}).`, inDoubt: true };
    }
    if (response.ok) {
      const body = (await response.json().catch(() => ({}))) as { messageId?: unknown };
      return { kind: 'sent', messageId: typeof body.messageId === 'string' ? body.messageId : '' };
    }
    if (response.status === 429) {
      await response.body?.cancel();
      return { kind: 'wait', seconds: waitOf(response.headers.get('x-sib-ratelimit-reset')) };
    }
    const message = await errorText(response);
    if (response.status === 401 || response.status === 403) {
      return { kind: 'stopped', reason: `Brevo did not accept the API key (${response.status}): ${message}` };
    }
    if (response.status === 402) return { kind: 'stopped', reason: `Brevo refused to send (402): ${message}` };
    // A refusal about this address is this recipient's; about the sender, every recipient's.
    if (response.status === 400 && !/sender/i.test(message)) return { kind: 'refused', message };
    return { kind: 'stopped', reason: `Brevo answered ${response.status}: ${message}` };
  }
}

/**
 * A connected mailbox: Gmail (`users.messages.send` with the raw RFC 822 message) or Microsoft 365
 * (Graph `sendMail` with the MIME message in base64). The message is built once, with the recipient's
 * own List-Unsubscribe headers and a Message-ID made of its key. Neither API takes an idempotency key,
 * so a send whose answer was lost is not sent again (resendsSafely false).
 */
export class MailboxSender implements ApiSender {
  readonly provider = 'mailbox' as const;
  readonly resendsSafely = false;
  #token: string | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly vault: CredentialVault,
    private readonly tenantId: string,
    private readonly credential: string,
    private readonly product: 'googlemail' | 'outlookmail',
    private readonly from: { email: string; name: string },
  ) {}

  private get label() {
    return this.product === 'googlemail' ? 'Gmail' : 'Microsoft 365';
  }

  async send(email: ApiEmail): Promise<SendOutcome> {
    let token: string;
    try {
      token = this.#token ?? (await this.accessToken(false));
    } catch (error) {
      return { kind: 'stopped', reason: error instanceof Error ? error.message : String(error) };
    }
    const domain = this.from.email.split('@')[1] || 'mailbox.invalid';
    const mime = await new MailComposer({
      from: { name: email.sender?.name || this.from.name, address: this.from.email },
      to: email.toName ? { name: email.toName, address: email.to } : email.to,
      ...(email.sender?.replyTo ? { replyTo: email.sender.replyTo } : {}),
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<${email.key}@${domain}>`,
      headers: email.headers ?? {},
    })
      .compile()
      .build();
    let response = await this.call(token, mime);
    if (typeof response !== 'string' && response.status === 401) {
      try {
        token = await this.accessToken(true);
      } catch (error) {
        return { kind: 'stopped', reason: error instanceof Error ? error.message : String(error) };
      }
      response = await this.call(token, mime);
    }
    if (typeof response === 'string') {
      return { kind: 'stopped', reason: `${this.label} could not be reached (${response}).`, inDoubt: true };
    }
    if (response.ok) {
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      return { kind: 'sent', messageId: typeof body.id === 'string' ? body.id : `<${email.key}@${domain}>` };
    }
    if (response.status === 429) {
      await response.body?.cancel();
      return { kind: 'wait', seconds: waitOf(response.headers.get('retry-after')) };
    }
    const message = await errorText(response);
    if (response.status === 400 && /recipient|address|invalid to/i.test(message)) return { kind: 'refused', message };
    return { kind: 'stopped', reason: `${this.label} answered ${response.status}: ${message}` };
  }

  private call(token: string, mime: Buffer): Promise<Response | string> {
    const urls = this.platform.config.providerUrls;
    if (this.product === 'googlemail') {
      return post(
        `${urls.gmailApi ?? 'https://gmail.googleapis.com'}/gmail/v1/users/me/messages/send`,
        { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        JSON.stringify({ raw: mime.toString('base64url') }),
      );
    }
    return post(
      `${urls.graphApi ?? 'https://graph.microsoft.com'}/v1.0/me/sendMail`,
      { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      mime.toString('base64'),
    );
  }

  /** The stored access token, or a refreshed one stored under the row's lock (like Zoom's). */
  private accessToken(force: boolean): Promise<string> {
    const where = and(eq(tenantCredentials.tenantId, this.tenantId), eq(tenantCredentials.provider, this.credential));
    const token = withTenant(this.platform.db, this.tenantId, async (tx) => {
      const [row] = await tx.select().from(tenantCredentials).where(where).for('update');
      if (!row) throw new Error('The connected mailbox was removed: choose another way to send.');
      const secrets = this.vault.open(this.tenantId, this.credential, row);
      const fields = row.publicFields ?? {};
      const expiresAt = typeof fields.expiresAt === 'string' ? Date.parse(fields.expiresAt) : Number.NaN;
      if (!force && secrets.accessToken && (Number.isNaN(expiresAt) || expiresAt - EARLY_MS > Date.now())) {
        return secrets.accessToken;
      }
      const oauth = new OAuthClients(this.platform.config.oauthApps, this.platform.config.providerUrls.zoomApi);
      const refreshed = await oauth.refresh(this.product, secrets.refreshToken ?? '');
      if (refreshed.outcome === 'unreachable') throw new Error(`${this.label} could not be reached.`);
      if (refreshed.outcome !== 'ok') {
        throw new Error(`${this.label} no longer accepts the connection: connect ${this.from.email} again.`);
      }
      const { tokens } = refreshed;
      await tx
        .update(tenantCredentials)
        .set({
          ...this.vault.seal(this.tenantId, this.credential, {
            accessToken: tokens.accessToken,
            refreshToken: tokens.refreshToken || (secrets.refreshToken ?? ''),
          }),
          publicFields: {
            ...fields,
            expiresAt: tokens.expiresIn ? new Date(Date.now() + tokens.expiresIn * 1000).toISOString() : null,
          },
          updatedAt: sql`now()`,
        })
        .where(where);
      return tokens.accessToken;
    });
    return token.then((value) => {
      this.#token = value;
      return value;
    });
  }
}
