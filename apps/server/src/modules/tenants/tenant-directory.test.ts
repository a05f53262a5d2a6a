import { describe, expect, it } from 'vitest';
import { parseHost } from './tenant-directory.ts';

const domains = ['localhost', 'atrium.test'];

describe('parseHost', () => {
  it.each([
    ['demo.localhost:3000', { kind: 'org', orgId: 'demo' }],
    ['Demo.LocalHost', { kind: 'org', orgId: 'demo' }],
    ['riverside.atrium.test', { kind: 'org', orgId: 'riverside' }],
    ['localhost:3000', { kind: 'default' }],
    ['127.0.0.1:3000', { kind: 'address' }],
    ['[::1]:3000', { kind: 'address' }],
    ['atrium.test', { kind: 'default' }],
    ['', { kind: 'address' }],
    ['yoga.example.com', { kind: 'domain', domain: 'yoga.example.com' }],
    ['a.b.localhost', { kind: 'domain', domain: 'a.b.localhost' }],
    ['evil.localhost.example.com', { kind: 'domain', domain: 'evil.localhost.example.com' }],
  ])('%s', (host, expected) => {
    expect(parseHost(host, domains)).toEqual(expected);
  });
});
