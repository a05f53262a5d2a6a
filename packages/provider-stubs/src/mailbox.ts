import { randomUUID } from 'node:crypto';
import { type ProviderHandler, send } from './http.ts';

/** One message a mailbox stand-in sent (Gmail or Microsoft Graph), with the MIME headers read from it. */
export interface StubMailboxMessage {
  api: 'gmail' | 'graph';
  token: string;
  id: string;
  to: string;
  subject: string;
  messageId: string;
  headers: Record<string, string>;
  mime: string;
}

export interface MailboxState {
  messages: StubMailboxMessage[];
  /** Answer every send with this status until cleared (tests). */
  down: 401 | 500 | null;
}

/** The header block of a MIME message, names in lower case (folded lines joined). */
function headersOf(mime: string): Record<string, string> {
  const head = mime.split(/\r?\n\r?\n/)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

/**
 * Gmail's users.messages.send (POST /gmail/v1/users/me/messages/send, JSON `{ raw }` base64url RFC
 * 822, Bearer token; 200 with the message's id) and Microsoft Graph's sendMail in MIME (POST
 * /v1.0/me/sendMail, text/plain body of base64 MIME; 202, no body), for the access tokens given.
 */
export function mailboxHandler(tokens: string[] | undefined, state: MailboxState): ProviderHandler {
  return ({ req, res, url, body }) => {
    const gmail = url.pathname === '/gmail/v1/users/me/messages/send';
    const graph = url.pathname === '/v1.0/me/sendMail';
    if ((!gmail && !graph) || req.method !== 'POST') return false;
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!(tokens ?? []).includes(token) || state.down === 401) {
      return gmail
        ? send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } })
        : send(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' } });
    }
    if (state.down) return send(res, state.down, { error: { code: state.down, message: 'Backend Error' } });
    let mime = '';
    if (gmail) {
      try {
        mime = Buffer.from(String((JSON.parse(body) as { raw?: unknown }).raw ?? ''), 'base64url').toString('utf8');
      } catch {
        return send(res, 400, { error: { code: 400, message: 'Invalid JSON payload received.' } });
      }
    } else {
      mime = Buffer.from(body, 'base64').toString('utf8');
    }
    const headers = headersOf(mime);
    if (!headers.to) {
      return send(res, 400, { error: { code: 400, message: 'Invalid To header' } });
    }
    const id = randomUUID().replaceAll('-', '').slice(0, 16);
    state.messages.push({
      api: gmail ? 'gmail' : 'graph',
      token,
      id,
      to: headers.to,
      subject: headers.subject ?? '',
      messageId: headers['message-id'] ?? '',
      headers,
      mime,
    });
    if (graph) {
      res.writeHead(202);
      res.end();
      return true;
    }
    return send(res, 200, { id, threadId: id, labelIds: ['SENT'] });
  };
}
