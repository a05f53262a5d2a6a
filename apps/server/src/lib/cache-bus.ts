import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type CacheDrop, TtlCache } from './ttl-cache.ts';

const CHANNEL = 'atrium_cache';

interface Message {
  from: string;
  cache: string;
  drop: CacheDrop;
}

/**
 * Makes the in-process caches of every server process forget together. On PostgreSQL a write's
 * delete()/clear() is sent with NOTIFY and every process LISTENs on one connection of its own; a
 * lost connection reconnects and clears every cache, since drops may have been missed meanwhile.
 * Without a database URL (PGlite: one process owns the database) the caches are only local.
 */
export class CacheBus {
  private readonly id = randomUUID();
  private readonly caches = new Map<string, TtlCache<unknown>>();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string | null,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /** A TtlCache whose drops reach the cache of the same name in every process. */
  cache<V>(name: string, ttlMs: number, maxEntries?: number): TtlCache<V> {
    const cache = new TtlCache<V>(ttlMs, maxEntries, (drop) => this.publish(name, drop));
    this.caches.set(name, cache as TtlCache<unknown>);
    return cache;
  }

  async start(): Promise<void> {
    if (!this.databaseUrl || this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (note) => this.receive(note.payload));
    const lost = (error: Error | null) => {
      if (this.client === client) this.reconnect(error);
    };
    client.on('error', lost);
    client.on('end', () => lost(null));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      // Connected but not listening would leave a connection open and no one to end it.
      await client.end().catch(() => {});
      throw error;
    }
    this.client = client;
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
    this.client = null;
  }

  private publish(cache: string, drop: CacheDrop): void {
    const client = this.client;
    if (!client) return;
    const message: Message = { from: this.id, cache, drop };
    client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]).catch((error: unknown) => {
      this.log.warn({ err: error, cache }, 'cache drop not sent to other processes');
    });
  }

  private receive(payload: string | undefined): void {
    if (!payload) return;
    const message = JSON.parse(payload) as Message;
    if (message.from === this.id) return;
    this.caches.get(message.cache)?.drop(message.drop);
  }

  private reconnect(error: Error | null): void {
    if (this.closed || this.retry) return;
    this.log.warn({ err: error }, 'cache bus connection lost; reconnecting');
    const old = this.client;
    this.client = null;
    old?.end().catch(() => {});
    for (const cache of this.caches.values()) cache.drop({ prefix: null });
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch((failure: unknown) => this.reconnect(failure as Error));
    }, 1_000);
  }
}
