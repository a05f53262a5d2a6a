// Scheduling over HTTP against the real server on PostgreSQL (issue 11, "Measured"):
// 1. 100 concurrent bookings for 10 spots (the desk's call, one contact each): exactly 10 booked, 90
//    waitlisted with positions 1..90 in the order the bookings took the session's lock, no 5xx.
// 2. The public calendar (GET /public/publicFitnessClass) for a month holding ~2,000 sessions:
//    autocannon at 10 connections, p95 from every response's own time (the bar: under 50 ms).
// 3. The booking call itself under autocannon: POST /snode/mybooking by one student, answered 409
//    (already booked) after the first: the locked path without a write.
// The compact staff month also prints its CPU per request (server, PostgreSQL, this client), from /proc.
// Usage: npm run bench:scheduling   (BENCH_PG_URL, default the atrium_sched database, made when missing; its schema is
// dropped first, BENCH_DURATION seconds per autocannon run). The counts are asserted: a wrong one exits 1.
import autocannon from 'autocannon';
import { openBenchDatabase } from './lib/bench-db.mjs';
import { benchCall, checker, countBy, latencyOf } from './lib/bench-http.mjs';
import { cpuPerRequest, cpuReading } from './lib/cpu.mjs';
import { startAtrium } from './server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3250);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/atrium_sched';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOST = `demo.localhost:${PORT}`;
const BASE = `http://127.0.0.1:${PORT}`;
const ZONE = 'America/New_York';
const PEOPLE = 100;
const SPOTS = 10;
const RULES = 65;

async function call(method, path, body, token) {
  const { status, ms, content: text } = await benchCall(BASE, HOST, method, path, body, token);
  return { status, ms, json: () => JSON.parse(text), text };
}

const { failures, check } = checker();
const dayIn = (offset) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const at = new Date(`${today}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + offset);
  return at.toISOString().slice(0, 10);
};

function measure(title, options) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = {};
    const instance = autocannon(
      { connections: CONNECTIONS, duration: DURATION, timeout: 60, ...options },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          ...latencyOf(title, times, result),
          p99: result.latency.p99,
          statuses,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

// The bench's own database, made when missing (a fresh machine has none).
const db = await openBenchDatabase(PG_URL);
const server = await startAtrium(PORT, { databaseUrl: PG_URL });
try {
  const login = await call('POST', '/login', { userId: 'admin@demo.test', password: 'Atrium-demo-1' });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const admin = login.json().access_token;
  const tomorrow = dayIn(1);

  console.log(`== ${PEOPLE} bookings at once for ${SPOTS} spots`);
  const rule = await call(
    'POST',
    '/snode/classrule',
    {
      name: 'Bench rush',
      daysOfWeek: [new Date(`${tomorrow}T12:00:00Z`).getUTCDay()],
      startTime: '18:00',
      durationMinutes: 60,
      startDate: tomorrow,
      endDate: tomorrow,
      capacity: SPOTS,
    },
    admin,
  );
  if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${rule.text}`);
  const sessions = (await call('GET', `/snode/session?from=${tomorrow}&to=${tomorrow}`, undefined, admin)).json();
  const session = sessions.data.find((s) => s.classId === rule.json().guId);
  const tenantId = (await db.query(`select id from tenants where org_id = 'demo'`)).rows[0].id;
  const people = (
    await db.query(
      `insert into contacts (tenant_id, email, name, role)
       select $1, 'rush' || g || '@bench.test', 'Rush ' || g, 'student' from generate_series(1, ${PEOPLE}) g
       returning id`,
      [tenantId],
    )
  ).rows.map((r) => r.id);
  let started = performance.now();
  const rush = await Promise.all(
    people.map((contactId) => call('POST', `/snode/session/${session.guId}/booking`, { contactId }, admin)),
  );
  const rushMs = performance.now() - started;
  const counts = countBy(rush);
  console.log(`   answers: ${JSON.stringify(counts)} in ${rushMs.toFixed(0)} ms`);
  const roster = (await call('GET', `/snode/session/${session.guId}`, undefined, admin)).json();
  const booked = roster.bookings.filter((b) => b.status === 'booked');
  const waiting = roster.bookings.filter((b) => b.status === 'waitlisted');
  check(
    'no 5xx',
    rush.every((a) => a.status < 500),
  );
  check(`exactly ${SPOTS} booked (${booked.length})`, booked.length === SPOTS);
  check(`${PEOPLE - SPOTS} waitlisted (${waiting.length})`, waiting.length === PEOPLE - SPOTS);
  check(
    'waitlist positions 1..90 in arrival (lock) order',
    waiting.every((b, i) => b.waitlistPosition === i + 1),
  );
  const seqs = (
    await db.query(`select status, seq from class_bookings where tenant_id = $1 and session_id = $2 order by seq`, [
      tenantId,
      session.guId,
    ])
  ).rows;
  check(
    'the first 10 to take the lock are the booked ones',
    seqs.slice(0, SPOTS).every((r) => r.status === 'booked') &&
      seqs.slice(SPOTS).every((r) => r.status === 'waitlisted'),
  );

  console.log(`== the public calendar month with ~2,000 sessions`);
  started = performance.now();
  // Five rooms shared by the classes, so the staff calendar's overlap flags have real pairs to find.
  const rooms = [];
  for (let r = 0; r < 5; r++) {
    const room = await call('POST', '/snode/room', { name: `Bench room ${r}`, capacity: 30 }, admin);
    if (room.status !== 201) throw new Error(`room ${r}: ${room.status} ${room.text}`);
    rooms.push(room.json().guId);
  }
  for (let i = 0; i < RULES; i++) {
    const made = await call(
      'POST',
      '/snode/classrule',
      {
        name: `Bench class ${i}`,
        daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
        startTime: `${String(6 + (i % 15)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        durationMinutes: 45,
        startDate: dayIn(1),
        endDate: dayIn(31),
        capacity: 20,
        roomId: rooms[i % rooms.length],
      },
      admin,
    );
    if (made.status !== 201) throw new Error(`rule ${i}: ${made.status} ${made.text}`);
  }
  const from = dayIn(1);
  const to = dayIn(31);
  const month = await call('GET', `/public/publicFitnessClass?from=${from}&to=${to}`);
  const total = month.json().data.length;
  console.log(
    `   ${RULES} daily rules made in ${((performance.now() - started) / 1000).toFixed(1)} s; the month holds ${total} sessions`,
  );
  check(`the month holds at least 2,000 sessions (${total})`, total >= 2000);
  // As autovacuum leaves a studio's tables within a minute of a write: statistics, and the pages marked
  // all-visible (so the month's overlap flags are read from their index alone).
  await db.query('vacuum analyze');
  const calendar = await measure('public calendar month', {
    url: `${BASE}/public/publicFitnessClass?from=${from}&to=${to}`,
    headers: { host: HOST },
  });
  console.log(
    `   ${calendar.requests} requests, ${calendar.rps.toFixed(0)} req/s, p50 ${calendar.p50} ms, p95 ${calendar.p95} ms, p99 ${calendar.p99} ms, answers ${JSON.stringify(calendar.statuses)}`,
  );
  check(
    'every answer 200',
    Object.keys(calendar.statuses).every((s) => s === '200'),
  );

  console.log('== the staff calendar month (every session, with the room and teacher overlap flags)');
  const staffMonth = await call('GET', `/snode/session?from=${from}&to=${to}`, undefined, admin);
  const flagged = staffMonth.json().data.filter((s) => s.overlap).length;
  console.log(`   ${staffMonth.json().data.length} sessions, ${flagged} flagged as double-booked`);
  check('some sessions are flagged (rooms are shared at the same hour)', flagged > 0);
  const staffCalendar = await measure('staff calendar month', {
    url: `${BASE}/snode/session?from=${from}&to=${to}`,
    headers: { host: HOST, authorization: `Bearer ${admin}` },
  });
  console.log(
    `   ${staffCalendar.requests} requests, ${staffCalendar.rps.toFixed(0)} req/s, p50 ${staffCalendar.p50} ms, p95 ${staffCalendar.p95} ms, p99 ${staffCalendar.p99} ms, answers ${JSON.stringify(staffCalendar.statuses)}`,
  );
  check(
    'every staff answer 200',
    Object.keys(staffCalendar.statuses).every((s) => s === '200'),
  );

  console.log('== the staff calendar month in its compact form (GET /snode/session/calendar, what the screen draws)');
  const compactMonth = await call('GET', `/snode/session/calendar?from=${from}&to=${to}`, undefined, admin);
  const compact = compactMonth.json();
  const compactFlagged = compact.sessions.filter((row) => (row[10] & 1) === 1).length;
  console.log(
    `   ${compact.sessions.length} sessions, ${compactFlagged} flagged; ${(compactMonth.text.length / 1024).toFixed(0)} KB against ${(staffMonth.text.length / 1024).toFixed(0)} KB`,
  );
  check(
    'the compact month has the same sessions and flags',
    compact.sessions.length === staffMonth.json().data.length && compactFlagged === flagged,
  );
  check('the compact month is under 200 KB before compression', compactMonth.text.length < 200 * 1024);
  const compactBefore = await cpuReading(server.pid, db);
  const compactCalendar = await measure('staff calendar month, compact', {
    url: `${BASE}/snode/session/calendar?from=${from}&to=${to}`,
    headers: { host: HOST, authorization: `Bearer ${admin}` },
  });
  const compactCpu = cpuPerRequest(compactBefore, await cpuReading(server.pid, db), compactCalendar.requests);
  console.log(
    `   ${compactCalendar.requests} requests, ${compactCalendar.rps.toFixed(0)} req/s, p50 ${compactCalendar.p50} ms, p95 ${compactCalendar.p95} ms, p99 ${compactCalendar.p99} ms, answers ${JSON.stringify(compactCalendar.statuses)}`,
  );
  // What a month costs whatever else the machine runs (the latency above depends on the load).
  if (compactCpu)
    console.log(
      `   CPU per month: server ${compactCpu.server} ms, PostgreSQL ${compactCpu.postgres} ms, the bench's client ${compactCpu.client} ms (1-minute load ${compactCpu.load})`,
    );
  check(
    'every compact answer 200',
    Object.keys(compactCalendar.statuses).every((s) => s === '200'),
  );

  console.log('== the booking call under load (one student, 409 after the first booking)');
  const student = (await call('POST', '/login', { userId: 'student@demo.test', password: 'Atrium-demo-1' })).json()
    .access_token;
  const pick = { classId: rule.json().guId, clsStartTime: session.clsStartTime };
  const first = await call('POST', '/snode/mybooking', pick, student);
  check(
    `the first booking is waitlisted (${first.status} ${first.status === 201 ? first.json().myStatus : ''})`,
    first.status === 201,
  );
  const booking = await measure('POST /snode/mybooking', {
    url: `${BASE}/snode/mybooking`,
    method: 'POST',
    headers: { host: HOST, authorization: `Bearer ${student}`, 'content-type': 'application/json' },
    body: JSON.stringify(pick),
  });
  console.log(
    `   ${booking.requests} requests, ${booking.rps.toFixed(0)} req/s, p50 ${booking.p50} ms, p95 ${booking.p95} ms, p99 ${booking.p99} ms, answers ${JSON.stringify(booking.statuses)}`,
  );
  check(
    'every answer 409 (already booked), no 5xx',
    Object.keys(booking.statuses).every((s) => s === '409'),
  );
} finally {
  await server.stop();
  await db.end();
}
if (failures.length > 0) {
  console.error(`FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
