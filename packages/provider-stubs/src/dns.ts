import { createSocket, type Socket } from 'node:dgram';

/** Records a fake zone holds for one name. */
export interface FakeRecords {
  TXT?: string[];
  CNAME?: string;
  A?: string[];
}

const TYPES = { A: 1, CNAME: 5, TXT: 16 } as const;

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .filter(Boolean)
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function readQuestion(message: Buffer): { name: string; type: number; end: number } | null {
  let offset = 12;
  const labels: string[] = [];
  while (offset < message.length) {
    const length = message[offset] ?? 0;
    if (length === 0) break;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  if (offset + 5 > message.length) return null;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset + 1), end: offset + 5 };
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(1, 6); // ttl: 1 s
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP) for tests and e2e, standing in for a studio's DNS
 * host (custom domains: the server's DNS_RESOLVER points at it): answers A, CNAME and TXT from a map
 * the test changes as it goes; an unknown name is NXDOMAIN, a known name without the type asked has
 * no answer (NODATA); `failing` names answer SERVFAIL.
 */
export class FakeDns {
  readonly zone = new Map<string, FakeRecords>();
  readonly failing = new Set<string>();
  #socket: Socket | null = null;
  port = 0;

  set(name: string, records: FakeRecords): void {
    this.zone.set(name.toLowerCase(), records);
  }

  delete(name: string): void {
    this.zone.delete(name.toLowerCase());
  }

  /** `127.0.0.1:{port}`, for DNS_RESOLVER / the config's resolvers. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Listens on 127.0.0.1 at `port` (0: a free one). */
  async start(port = 0): Promise<this> {
    const socket = createSocket('udp4');
    socket.on('message', (message, peer) => {
      const reply = this.#reply(message);
      if (reply) socket.send(reply, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
    this.port = socket.address().port;
    this.#socket = socket;
    return this;
  }

  async stop(): Promise<void> {
    const socket = this.#socket;
    this.#socket = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  #reply(message: Buffer): Buffer | null {
    if (message.length < 12) return null;
    const question = readQuestion(message);
    if (!question) return null;
    const records = this.zone.get(question.name);
    const answers: Buffer[] = [];
    let rcode = 0;
    if (this.failing.has(question.name)) rcode = 2;
    else if (!records) rcode = 3;
    else if (question.type === TYPES.TXT) {
      for (const text of records.TXT ?? []) {
        const bytes = Buffer.from(text, 'utf8');
        answers.push(answer(TYPES.TXT, Buffer.concat([Buffer.from([bytes.length]), bytes])));
      }
    } else if (question.type === TYPES.CNAME && records.CNAME) {
      answers.push(answer(TYPES.CNAME, encodeName(records.CNAME)));
    } else if (question.type === TYPES.A) {
      for (const ip of records.A ?? []) answers.push(answer(TYPES.A, Buffer.from(ip.split('.').map(Number))));
    }
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    const rd = (message[2] ?? 0) & 0x01;
    header.writeUInt16BE(0x8000 | 0x0400 | (rd << 8) | 0x0080 | rcode, 2); // QR, AA, RD as asked, RA
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    return Buffer.concat([header, message.subarray(12, question.end), ...answers]);
  }
}
