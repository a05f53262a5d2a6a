import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

/** A load that waits until the test lets it finish, as a database read racing a write does. */
function gatedLoad(value: string) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const load = async () => {
    await gate;
    return value;
  };
  return { load, open: () => open() };
}

describe('TtlCache', () => {
  it('keeps a loaded value for its time to live', async () => {
    const cache = new TtlCache<string>(60_000);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get('a', load)).toBe('v1');
    expect(await cache.get('a', load)).toBe('v1');
    cache.delete('a');
    expect(await cache.get('a', load)).toBe('v2');
  });

  it('does not keep what a load read before a write dropped its key (a read racing a save)', async () => {
    const cache = new TtlCache<string>(60_000);
    const before = gatedLoad('old');
    const reading = cache.get('tenant-1', before.load);
    cache.delete('tenant-1'); // the write commits and drops the key while the read is in flight
    before.open();
    expect(await reading).toBe('old'); // its own caller still gets an answer
    expect(await cache.get('tenant-1', async () => 'new')).toBe('new');
    expect(await cache.get('tenant-1', async () => 'newer')).toBe('new');
  });

  it('a clear (all keys or a prefix) makes the loads in flight under it stale too, and only those', async () => {
    const cache = new TtlCache<string>(60_000);
    const pageA = gatedLoad('a-old');
    const pageB = gatedLoad('b-old');
    const other = gatedLoad('other');
    const readings = [cache.get('t1:a', pageA.load), cache.get('t1:b', pageB.load), cache.get('t2:a', other.load)];
    cache.clear('t1:');
    for (const gate of [pageA, pageB, other]) gate.open();
    await Promise.all(readings);
    expect(cache.peek('t1:a')).toBeUndefined();
    expect(cache.peek('t1:b')).toBeUndefined();
    expect(cache.peek('t2:a')).toBe('other');
    const late = gatedLoad('late');
    const reading = cache.get('t2:b', late.load);
    cache.clear();
    late.open();
    await reading;
    expect(cache.peek('t2:b')).toBeUndefined();
  });
});
