import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { e2eStack, repoRoot } from '../support/e2e-env.js';
import { site } from '../support/site.js';

/*
 * What `make start` exposes: only the gateway listens beyond this machine (the services trust
 * X-Forwarded-For from loopback, so reaching them from elsewhere would let a client pick its
 * address), and no process signs with a secret written in the source.
 */

const SERVICES = [
  ['content', e2eStack.contentPort, '/health/ready'],
  ['web', e2eStack.webPort, '/health'],
  ['tools API', e2eStack.toolsPort, '/health/ready'],
  ['model simulator', e2eStack.modelSimPort, '/__sim/health'],
  ['model worker (metrics)', e2eStack.workerMetricsPort, '/health'],
  ['mail catcher (web inbox)', e2eStack.mailCatcherWebPort, '/api/healthz'],
] as const;

/** This machine's own addresses other than loopback (link-local IPv6 needs a zone; left out). */
function outwardAddresses(): { address: string; family: string }[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && !entry.address.toLowerCase().startsWith('fe80:'))
    .map((entry) => ({ address: entry!.address, family: entry!.family }));
}

/** 'open', or the connection error's code: ECONNREFUSED means the address answered and nothing listens. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve('no answer');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const urlHost = (address: string, family: string): string => (family === 'IPv6' ? `[${address}]` : address);

void describe('what make start exposes', () => {
  void test('the services answer on loopback only; the gateway faces the network', async (t) => {
    for (const [name, port, path] of SERVICES) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      assert.ok(response.ok, `${name} on 127.0.0.1:${port} answered ${response.status}`);
    }
    const addresses = outwardAddresses();
    if (addresses.length === 0) {
      t.skip('this machine has no address other than loopback: nothing to check the services are hidden from');
      return;
    }
    for (const { address, family } of addresses) {
      // The gateway's listener is IPv4 only; on IPv4 it shows the address is reachable at all.
      if (family === 'IPv4') {
        const gateway = await fetch(`http://${urlHost(address, family)}:${e2eStack.gatewayPort}/api/health`);
        assert.equal(gateway.status, 200, `the gateway on ${address}`);
      }
      for (const [name, port] of SERVICES) {
        assert.equal(await tryConnect(address, port), 'ECONNREFUSED', `${name} on ${address}:${port}`);
      }
    }
    console.log(`[start] services refused on ${addresses.map(({ address }) => address).join(', ')}; answered on 127.0.0.1`);
  });
});

void describe('the secrets make start generates', () => {
  const secretsFile = `${e2eStack.runDir}/secrets.env`;
  const readSecret = (file: string): string => /^UNSUBSCRIBE_SECRET=(.*)$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  const tokenFor = (secret: string, email: string): string => createHmac('sha256', secret).update(`unsubscribe:${email}`).digest('base64url');

  void test('the running content service signs unsubscribe links with the secret generated for this checkout', async () => {
    assert.equal(statSync(secretsFile).mode & 0o777, 0o600);
    const secret = readSecret(secretsFile);
    assert.match(secret, /^[0-9a-f]{64}$/);

    const email = `start-secret-${Date.now()}@example.com`;
    const signup = await fetch(site('/api/newsletter'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    assert.equal(signup.status, 201, await signup.text());
    const unsubscribe = (token: string) =>
      fetch(site(`/api/newsletter/unsubscribe?${new URLSearchParams({ email, token }).toString()}`), { method: 'POST', headers: { accept: 'application/json' } });
    assert.equal((await unsubscribe(tokenFor('some-other-secret-of-16-chars', email))).status, 400);
    const answer = await unsubscribe(tokenFor(secret, email));
    assert.equal(answer.status, 200, await answer.text());
  });

  void test('a first run writes a private file, later runs reuse it, and a secret from the environment wins', async () => {
    const dir = mkdtempSync(`${tmpdir()}/start-secrets-`);
    const file = `${dir}/nested/secrets.env`;
    const generate = async (env: Record<string, string> = {}): Promise<string> => {
      const script = 'source infra/scripts/lib.sh && load_generated_secrets "$1" >&2 && printf %s "$UNSUBSCRIBE_SECRET"';
      const { UNSUBSCRIBE_SECRET: _ignored, ...inherited } = process.env;
      const { stdout } = await promisify(execFile)('bash', ['-c', script, 'test', file], { cwd: repoRoot, env: { ...inherited, ...env } });
      return stdout;
    };
    try {
      const first = await generate();
      assert.match(first, /^[0-9a-f]{64}$/);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.equal(readSecret(file), first);
      assert.equal(await generate(), first);
      assert.equal(await generate({ UNSUBSCRIBE_SECRET: 'chosen-by-the-operator' }), 'chosen-by-the-operator');
      assert.equal(readSecret(file), first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
