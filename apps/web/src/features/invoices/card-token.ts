import type { PaymentRedirect } from '@atrium/contracts';

/** The card form's values: typed on our page, sent only to the provider's token URL, never to our server. */
export interface CardFields {
  owner: string;
  number: string;
  /** 'MM / YY' as typed (also 'MM/YY', 'MMYY'). */
  expiry: string;
  csc: string;
}

export type CardProblems = Partial<Record<keyof CardFields, string>>;

export type BrowserCard = NonNullable<PaymentRedirect['card']>;

export const CARD_OWNER_REQUIRED = 'Card owner name is required';

const digits = (text: string) => text.replace(/[\s-]/g, '');

/** 'MM / YY' -> month and four-digit year; null when it is not a month and year. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** What is wrong with the card form before anything is sent (spec 3 §5: 'Card owner name is required'). */
export function cardProblems(fields: CardFields, now = new Date()): CardProblems {
  const problems: CardProblems = {};
  if (!fields.owner.trim()) problems.owner = CARD_OWNER_REQUIRED;
  if (!/^\d{12,19}$/.test(digits(fields.number))) problems.number = 'Card number is incomplete';
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) problems.expiry = 'Expiry must be a month and year (MM / YY)';
  else if (
    expiry.year < now.getFullYear() ||
    (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)
  ) {
    problems.expiry = 'This card has expired';
  }
  if (!/^\d{3,4}$/.test(fields.csc.trim())) problems.csc = 'Security code must be 3 or 4 digits';
  return problems;
}

/** Groups a card number in fours as it is typed. */
export const formatCardNumber = (text: string) =>
  digits(text)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export class CardTokenError extends Error {}

/**
 * Sends the card straight from the browser to PaymentSpring's token endpoint with the studio's
 * public key (its documented `POST /tokens`), and answers the single-use token. Our own API
 * client is not used: no session header goes to the provider, and the card goes nowhere else.
 */
export async function makeCardToken(card: BrowserCard, fields: CardFields): Promise<string> {
  const expiry = parseExpiry(fields.expiry);
  let response: Response;
  try {
    response = await fetch(card.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${card.publicKey}:`)}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        token_type: 'credit_card',
        card_owner_name: fields.owner.trim(),
        card_number: digits(fields.number),
        card_exp_month: expiry?.month,
        card_exp_year: expiry?.year,
        csc: fields.csc.trim(),
      }),
      credentials: 'omit',
    });
  } catch {
    throw new CardTokenError(
      'The card could not be sent to the payment provider. Check your connection and try again.',
    );
  }
  const body = (await response.json().catch(() => null)) as {
    id?: unknown;
    errors?: Array<{ message?: string }>;
  } | null;
  if (!response.ok || typeof body?.id !== 'string') {
    throw new CardTokenError(body?.errors?.map((e) => e.message).find(Boolean) ?? 'The card was not accepted.');
  }
  return body.id;
}
