// Counts the statements the process sends to PostgreSQL (node-postgres), by their text with literals
// and parameters folded, between start() and stop(): where a bench's round trips go. Opt-in
// (BENCH_STATEMENTS=1 in a bench that uses it): the count itself costs a little CPU per statement.
import pg from 'pg';

const shape = (text) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, "'?'")
    .replace(/\$\d+/g, '$')
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 140);

export function statementTally() {
  const counts = new Map();
  let on = false;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(config, ...rest) {
    if (on) {
      const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
      const key = shape(text);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return query.call(this, config, ...rest);
  };
  return {
    start: () => {
      counts.clear();
      on = true;
    },
    stop: () => {
      on = false;
    },
    /** The statements per unit of work (per renewal), most first; the total on the first line. */
    report: (units, top = 40) => {
      const rows = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      const total = rows.reduce((sum, [, n]) => sum + n, 0);
      const lines = [`statements: ${total} (${(total / units).toFixed(2)} per unit)`];
      for (const [text, n] of rows.slice(0, top)) lines.push(`${(n / units).toFixed(3).padStart(8)}  ${text}`);
      return lines.join('\n');
    },
  };
}
