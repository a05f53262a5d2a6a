// CPU time (user + system, from /proc/<pid>/stat) of the bench's own processes around a measurement:
// what a request costs whatever else the machine runs, where its latency depends on the load.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** A process's CPU so far in ms, or null where /proc is not there (not Linux) or the process is gone. */
function ticksMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * A reading of the CPU used so far by the server process, the PostgreSQL backends connected to the
 * bench database (`db`: a pg client or pool on it, whose own backend is left out) and this process (the
 * autocannon client); null without /proc.
 */
export async function cpuReading(serverPid, db) {
  const server = ticksMs(serverPid);
  if (server === null) return null;
  const backends = await db.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const own = process.cpuUsage();
  return {
    server,
    client: (own.user + own.system) / 1000,
    backends: new Map(backends.rows.map((r) => [r.pid, ticksMs(r.pid)])),
    load: loadavg()[0],
  };
}

/**
 * CPU per request (ms) between two readings for `requests` requests: the server, PostgreSQL (backends
 * present at both readings) and the bench's own client; with the 1-minute load at each reading.
 */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests <= 0) return null;
  let postgres = 0;
  for (const [pid, ms] of after.backends) {
    const was = before.backends.get(pid);
    if (ms !== null && was !== null && was !== undefined) postgres += ms - was;
  }
  const per = (ms) => +(ms / requests).toFixed(2);
  return {
    server: per(after.server - before.server),
    postgres: per(postgres),
    client: per(after.client - before.client),
    load: `${before.load.toFixed(1)}-${after.load.toFixed(1)}`,
  };
}
