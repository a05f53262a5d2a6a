import { and, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { authAttempts } from '../../db/schema/index.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

/**
 * What is counted. A login writes 'login_failed' as each password try begins (a right password turns
 * its pair's failures into one 'login_ok').
 */
export type AttemptAction =
  | 'login_failed'
  | 'login_ok'
  | 'forgot_password'
  | 'register'
  | 'email_change'
  | 'otp_send'
  | 'otp_failed'
  | 'cart_open'
  | 'public_checkout'
  | 'public_donation'
  | 'card_declined'
  | 'form_submit'
  | 'studio_signup'
  | 'report_email';

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
}

export interface LoginLimits {
  /** Failures of one account from one IP before each further try waits (1, 2, 4... minutes). */
  perAccountAndIp: number;
  /** Failures of one account from every IP before IPs it never signed in from must wait. */
  perAccount: number;
  /** Failures from one IP, whatever the account, before that IP must wait. */
  perIp: number;
  /** Failures in the tenant before only known (account, IP) pairs may try. */
  perTenant: number;
  windowMs: number;
}

/** A successful login makes its IP known to that account for this long. */
const KNOWN_IP_MS = 30 * 24 * 60 * 60_000;

/**
 * Login, recovery and code limits in a table every server process shares (decisions.md "Shared
 * state and login limits"). Failures are counted per (account, IP), so someone else's wrong
 * passwords never lock the owner out: the owner's IP has its own count, and an IP the account
 * signed in from before is exempt from the account-wide and tenant-wide ceilings that stop
 * distributed guessing. An attempt refused by a limit is not counted, so a limit cannot be renewed
 * by hammering it.
 */
export class AuthThrottle {
  constructor(
    private readonly db: Db,
    private readonly login: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds before this account may try a password from this IP; 0 when it may now. */
  loginWait(tenantId: string, account: string, ip: string): Promise<number> {
    return withTenant(this.db, tenantId, (tx) => this.#loginWaitIn(tx, tenantId, account, ip));
  }

  /**
   * A password try begins: checks the login limits and, when the try may go ahead, counts it as a
   * failure at once, in one transaction behind the tenant's login lock. Parallel guesses cannot all
   * read the count before any of them is written (each would cost a password hash and none would be
   * refused). Answers the wait (nothing counted) or the counted attempt's id: a right password then
   * turns it into a success (`loginSucceeded`), and a try that was no guess takes it back
   * (`forgetAttempt`).
   */
  beginLogin(tenantId: string, account: string, ip: string): Promise<{ wait: number; attempt: string | null }> {
    return withTenant(this.db, tenantId, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`auth:${tenantId}:login`}))`);
      const wait = await this.#loginWaitIn(tx, tenantId, account, ip);
      if (wait > 0) return { wait, attempt: null };
      const [row] = await tx
        .insert(authAttempts)
        .values({ tenantId, action: 'login_failed', account, ip, createdAt: new Date(this.now()) })
        .returning({ id: authAttempts.id });
      return { wait: 0, attempt: row?.id ?? null };
    });
  }

  /** Takes back an attempt `beginLogin` counted, for a try that was not a wrong password. */
  async forgetAttempt(tenantId: string, attempt: string | null): Promise<void> {
    if (!attempt) return;
    await withTenant(this.db, tenantId, (tx) =>
      tx.delete(authAttempts).where(and(eq(authAttempts.tenantId, tenantId), eq(authAttempts.id, attempt))),
    );
  }

  async #loginWaitIn(tx: Tx, tenantId: string, account: string, ip: string): Promise<number> {
    const now = this.now();
    const { perAccountAndIp, perAccount, perIp, perTenant, windowMs } = this.login;
    const recentFailure = and(
      eq(authAttempts.action, 'login_failed'),
      gt(authAttempts.createdAt, new Date(now - windowMs)),
    );
    const pair = and(eq(authAttempts.account, account), eq(authAttempts.ip, ip));
    const failure = sql`${authAttempts.action} = 'login_failed'`;
    const [row] = await tx
      .select({
        pair: countWhere(and(failure, pair)),
        pairLast: timeWhere('max', and(failure, pair)),
        account: countWhere(and(failure, eq(authAttempts.account, account))),
        accountFirst: timeWhere('min', and(failure, eq(authAttempts.account, account))),
        ip: countWhere(and(failure, eq(authAttempts.ip, ip))),
        ipFirst: timeWhere('min', and(failure, eq(authAttempts.ip, ip))),
        known: sql<boolean>`coalesce(bool_or(${authAttempts.action} = 'login_ok'), false)`,
        // The tenant's failures, counted no further than the ceiling.
        tenant: sql`(select count(*) from (select 1 from ${authAttempts}
            where ${authAttempts.tenantId} = ${tenantId} and ${recentFailure} limit ${perTenant}) counted)`.mapWith(
          Number,
        ),
      })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.tenantId, tenantId),
          or(
            and(recentFailure, or(eq(authAttempts.account, account), eq(authAttempts.ip, ip))),
            and(eq(authAttempts.action, 'login_ok'), pair, gt(authAttempts.createdAt, new Date(now - KNOWN_IP_MS))),
          ),
        ),
      );
    if (!row) return 0;
    const until = (from: Date | string | null, ms: number) => (from ? new Date(from).getTime() + ms - now : 0);
    const waits: number[] = [];
    if (row.pair >= perAccountAndIp) {
      // Exponential backoff for this account from this IP, never longer than the window.
      waits.push(until(row.pairLast, Math.min(windowMs, 60_000 * 2 ** (row.pair - perAccountAndIp))));
    }
    if (row.ip >= perIp) waits.push(until(row.ipFirst, windowMs));
    if (!row.known) {
      if (row.account >= perAccount) waits.push(until(row.accountFirst, windowMs));
      if (row.tenant >= perTenant) waits.push(windowMs);
    }
    return Math.max(0, ...waits);
  }

  loginFailed(tenantId: string, account: string, ip: string): Promise<void> {
    return this.record(tenantId, 'login_failed', account, ip);
  }

  /** Clears this pair's failures and remembers the IP as one the account signs in from. */
  async loginSucceeded(tenantId: string, account: string, ip: string): Promise<void> {
    await withTenant(this.db, tenantId, async (tx) => {
      await tx
        .delete(authAttempts)
        .where(
          and(
            eq(authAttempts.tenantId, tenantId),
            inArray(authAttempts.action, ['login_failed', 'login_ok']),
            eq(authAttempts.account, account),
            eq(authAttempts.ip, ip),
          ),
        );
      await tx
        .insert(authAttempts)
        .values({ tenantId, action: 'login_ok', account, ip, createdAt: new Date(this.now()) });
    });
  }

  /** Milliseconds before another `action` for this account or from this IP is allowed; 0 when it is. */
  wait(tenantId: string, action: AttemptAction, account: string, ip: string, limits: ThrottleLimits) {
    return withTenant(this.db, tenantId, (tx) => this.#waitIn(tx, tenantId, action, account, ip, limits));
  }

  async #waitIn(tx: Tx, tenantId: string, action: AttemptAction, account: string, ip: string, limits: ThrottleLimits) {
    const now = this.now();
    const since = new Date(now - this.login.windowMs);
    const [row] = await tx
      .select({
        account: countWhere(eq(authAttempts.account, account)),
        accountFirst: timeWhere('min', eq(authAttempts.account, account)),
        ip: countWhere(eq(authAttempts.ip, ip)),
        ipFirst: timeWhere('min', eq(authAttempts.ip, ip)),
      })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.tenantId, tenantId),
          eq(authAttempts.action, action),
          gt(authAttempts.createdAt, since),
          or(eq(authAttempts.account, account), eq(authAttempts.ip, ip)),
        ),
      );
    if (!row) return 0;
    const until = (from: Date | string | null) => (from ? new Date(from).getTime() + this.login.windowMs - now : 0);
    const waits = [
      row.account >= limits.perAccount ? until(row.accountFirst) : 0,
      row.ip >= limits.perIp ? until(row.ipFirst) : 0,
    ];
    return Math.max(0, ...waits);
  }

  /** Counts the action when it is within the limits; answers the wait otherwise (nothing counted). */
  take(tenantId: string, action: AttemptAction, account: string, ip: string, limits: ThrottleLimits) {
    return withTenant(this.db, tenantId, async (tx) => {
      // One take of this action per tenant at a time: parallel requests cannot all read a count of 0
      // before any of them is written (100 forgot-password calls at once would mail 100 links).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`auth:${tenantId}:${action}`}))`);
      const wait = await this.#waitIn(tx, tenantId, action, account, ip, limits);
      if (wait === 0) {
        await tx.insert(authAttempts).values({ tenantId, action, account, ip, createdAt: new Date(this.now()) });
      }
      return wait;
    });
  }

  async record(tenantId: string, action: AttemptAction, account: string, ip: string): Promise<void> {
    const now = this.now();
    await withTenant(this.db, tenantId, async (tx) => {
      await tx.insert(authAttempts).values({ tenantId, action, account, ip, createdAt: new Date(now) });
    });
  }

  /**
   * Drops, for every tenant, what no limit looks at any more: failures past the window, and sign-ins
   * past the 30 days that make an IP known. A platform job on the owner connection (see pruneJob).
   */
  async prune(): Promise<number> {
    const now = this.now();
    const gone = await this.db
      .delete(authAttempts)
      .where(
        or(
          lt(authAttempts.createdAt, new Date(now - KNOWN_IP_MS)),
          and(
            sql`${authAttempts.action} <> 'login_ok'`,
            lt(authAttempts.createdAt, new Date(now - this.login.windowMs)),
          ),
        ),
      )
      .returning({ id: authAttempts.id });
    return gone.length;
  }
}

/** The hourly clean-up of auth_attempts, once across every process. */
export function scheduleAttemptPruning(jobs: JobRunner, throttle: AuthThrottle): void {
  const queue = 'auth-attempts-prune';
  jobs.register(queue, async () => void (await throttle.prune()), { retryLimit: 1 });
  jobs.schedule(queue, '17 * * * *');
}

const countWhere = (where: SQL | undefined) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
const timeWhere = (fn: 'min' | 'max', where: SQL | undefined) =>
  sql<Date | string | null>`${sql.raw(fn)}(${authAttempts.createdAt}) filter (where ${where})`;

/** Emails a person can make us send to one address (reset links, registration links) per window. */
const EMAILS_PER_ADDRESS = 3;

/** Limits of the calls that email someone: per address, and per IP the login's per-IP number. */
export function recoveryLimits(config: { loginMaxAttemptsPerIp: number }): ThrottleLimits {
  return { perAccount: EMAILS_PER_ADDRESS, perIp: config.loginMaxAttemptsPerIp };
}

/** 'Please try again in N minutes.' with N at least 1. */
export function tryAgainIn(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
