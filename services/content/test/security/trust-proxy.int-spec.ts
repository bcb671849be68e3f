import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { addressBlock } from '@agency/server-kit';
import { SITE_ORIGIN, startContentApp, type TestContext } from '../support/test-app.js';

/*
 * Who may set the client address the login throttle (and the tools' limits) count by: only the
 * gateway. A client that reaches a service some other way must be counted by its own address,
 * whatever X-Forwarded-For it sends.
 */

type TrustFn = (address: string, hop: number) => boolean;
const trustOf = (ctx: TestContext): TrustFn =>
  (ctx.app.getHttpAdapter().getInstance() as { get(name: string): unknown }).get('trust proxy fn') as TrustFn;

/** Neighbouring containers and LAN hosts: what the services must not believe. */
const NOT_THE_GATEWAY = ['10.0.0.5', '172.18.0.3', '192.168.1.20', 'fd00::2', '203.0.113.9', '::ffff:10.0.0.5'];

/** A private or unique-local address is what a neighbour would have; the old default trusted those. */
const isPrivate = (address: string): boolean =>
  /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(address) || /^f[cd][0-9a-f]{2}:/i.test(address);

/** An address of this machine other than loopback to serve and connect on, a private one first. */
const outward = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry !== undefined && !entry.internal && !entry.address.toLowerCase().startsWith('fe80:'))
  .map((entry) => entry!.address)
  .sort((a, b) => Number(isPrivate(b)) - Number(isPrivate(a)))[0];

/** POST /api/admin/login to the service directly, from `address` to `address`. */
function loginDirect(address: string, port: number, forwardedFor: string): Promise<number> {
  const body = JSON.stringify({ password: 'guess' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: address,
        port,
        localAddress: address,
        method: 'POST',
        path: '/api/admin/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: SITE_ORIGIN, 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('who may set the client address', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startContentApp('trustproxy');
  }, 60_000);
  afterAll(() => ctx?.close());

  it('by default believes X-Forwarded-For from loopback (the gateway under make start) and from nowhere else', () => {
    const trusts = trustOf(ctx);
    for (const gateway of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect([gateway, trusts(gateway, 0)]).toEqual([gateway, true]);
    for (const peer of NOT_THE_GATEWAY) expect([peer, trusts(peer, 0)]).toEqual([peer, false]);
  });

  (outward ? it : it.skip)(
    `throttles guesses sent straight to the service from ${outward ?? '(skipped: this machine has no address but loopback)'} by that address, whatever X-Forwarded-For says`,
    async () => {
      const server = ctx.app.getHttpServer() as Server;
      await new Promise<void>((resolve) => server.listen(0, outward, resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const statuses: number[] = [];
        for (let attempt = 1; attempt <= 6; attempt++) statuses.push(await loginDirect(outward!, port, `203.0.113.${attempt}`));
        expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
        // Every guess counted against the real address, none against the addresses it claimed.
        const clients = (await ctx.redis.keys('admin:login-failures:*')).filter((key) => key !== 'admin:login-failures:all');
        expect(clients).toEqual([`admin:login-failures:${addressBlock(outward!)}`]);
        expect(await ctx.redis.hget(clients[0]!, 'failures')).toBe(String(statuses.filter((status) => status === 401).length));
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    // Six password checks (argon2id) on a busy machine; nothing here is measured.
    30_000,
  );
});

describe('who may set the client address under docker compose', () => {
  const compose = readFileSync(new URL('../../../../../docker-compose.yml', import.meta.url), 'utf8');
  const gateway = /&gateway-address (\S+)/.exec(compose)?.[1] ?? '';
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startContentApp('trustproxycompose', { TRUST_PROXY: gateway });
  }, 60_000);
  afterAll(() => ctx?.close());

  it("believes only the gateway's fixed address, not the host (the network's .1) or another container", () => {
    expect(gateway).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(compose).toMatch(/TRUST_PROXY: \*gateway-address\b/);
    const trusts = trustOf(ctx);
    const [a, b, c] = gateway.split('.');
    expect(trusts(gateway, 0)).toBe(true);
    for (const peer of ['127.0.0.1', `${a}.${b}.${c}.1`, `${a}.${b}.${c}.9`, ...NOT_THE_GATEWAY]) expect([peer, trusts(peer, 0)]).toEqual([peer, false]);
  });
});
