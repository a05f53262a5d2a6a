import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { FORM_MESSAGES, type HumanChallenge, type HumanSolution } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SingleUseStore } from '../../lib/single-use-store.ts';

/**
 * The self-hosted proof-of-work human check (ALTCHA's protocol, DESIGN.md "human check"): the server
 * picks a secret number n and a salt carrying the action and an expiry, and sends SHA-256(salt + n)
 * with its HMAC (bound to the tenant); the browser finds n by trying every number up to maxnumber. A solution is checked
 * (HMAC, hash, action, expiry) and then taken once in the caller's transaction, so a replay is refused.
 */
export const HUMAN_CHECK_TTL_MS = 10 * 60_000;
/** About half a second of hashing in a phone's browser on average. */
export const HUMAN_CHECK_MAX_NUMBER = 50_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class HumanCheck {
  readonly #used: SingleUseStore<Record<string, never>>;

  constructor(
    private readonly key: () => Promise<Buffer>,
    store: (ttlMs: number) => SingleUseStore<Record<string, never>>,
    private readonly maxNumber = HUMAN_CHECK_MAX_NUMBER,
    private readonly now: () => number = Date.now,
  ) {
    this.#used = store(HUMAN_CHECK_TTL_MS);
  }

  async challenge(tenantId: string, action: string): Promise<HumanChallenge> {
    const expires = Math.floor((this.now() + HUMAN_CHECK_TTL_MS) / 1000);
    const salt = `${randomBytes(12).toString('hex')}?action=${encodeURIComponent(action)}&expires=${expires}`;
    const challenge = sha256(salt + randomInt(this.maxNumber + 1));
    const signature = createHmac('sha256', await this.key())
      .update(`${tenantId}:${challenge}`)
      .digest('hex');
    return { algorithm: 'SHA-256', challenge, salt, signature, maxnumber: this.maxNumber };
  }

  /** The solution's challenge when it is a valid, live solution for the action; else a 400 on rToken. */
  async verify(tenantId: string, token: string, action: string): Promise<string> {
    const failed = badRequest('rToken', FORM_MESSAGES.humanCheckFailed);
    let solution: HumanSolution;
    try {
      solution = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      throw failed;
    }
    const { algorithm, challenge, salt, signature, number } = solution ?? ({} as HumanSolution);
    if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string') throw failed;
    if (typeof signature !== 'string' || !Number.isInteger(number) || number < 0 || number > this.maxNumber)
      throw failed;
    const params = new URLSearchParams(salt.split('?')[1] ?? '');
    if (params.get('action') !== action) throw failed;
    if (!(Number(params.get('expires')) * 1000 > this.now())) throw failed;
    const expected = createHmac('sha256', await this.key())
      .update(`${tenantId}:${challenge}`)
      .digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw failed;
    if (sha256(salt + number) !== challenge) throw failed;
    return challenge;
  }

  /** Takes the verified challenge once, inside the caller's transaction: a second use is a 400. */
  async take(tx: Tx, tenantId: string, challenge: string): Promise<void> {
    try {
      await this.#used.putIn(tx, tenantId, challenge, {});
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('rToken', FORM_MESSAGES.humanCheckUsed);
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Solves a challenge the way the browser does (tests and benchmarks). */
export function solveChallenge(challenge: HumanChallenge): string {
  for (let n = 0; n <= challenge.maxnumber; n += 1) {
    if (sha256(challenge.salt + n) === challenge.challenge) {
      const solution: HumanSolution = { ...challenge, number: n };
      return Buffer.from(JSON.stringify(solution)).toString('base64');
    }
  }
  throw new Error('challenge has no solution');
}
