import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { nginxPath, repoRoot } from './e2e-env.js';

/**
 * A second nginx, rendered from the same template by the same script as the stack's gateway,
 * in front of an upstream the test controls (as services and as web server): shows what the
 * gateway itself does to requests.
 */
export interface PrivateGateway {
  url: string;
  stop(): Promise<void>;
}

export const PRIVATE_ASSET = '/assets/app-0123abcd.js';

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startPrivateGateway(upstreamPort: number): Promise<PrivateGateway> {
  const dir = mkdtempSync(`${tmpdir()}/e2e-gateway-`);
  // nginx workers run as nobody when the master is root: they must reach the files and temp dirs.
  chmodSync(dir, 0o755);
  const staticRoot = `${dir}/static`;
  mkdirSync(`${staticRoot}/assets`, { recursive: true });
  writeFileSync(`${staticRoot}${PRIVATE_ASSET}`, 'console.log("asset");');
  const port = await freePort();
  await promisify(execFile)('bash', [`${repoRoot}infra/scripts/render-gateway.sh`, `${dir}/nginx`], {
    env: {
      ...process.env,
      NGINX_LISTEN_PORT: String(port),
      CONTENT_UPSTREAM: `127.0.0.1:${upstreamPort}`,
      WEB_UPSTREAM: `127.0.0.1:${upstreamPort}`,
      STATIC_ROOT: staticRoot,
    },
  });
  const nginx: ChildProcess = spawn(
    nginxPath,
    ['-p', `${dir}/nginx/`, '-c', `${dir}/nginx/nginx.conf`, '-e', 'stderr', '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // The error log (upstream failures the tests provoke on purpose) is shown only if nginx fails to start.
  let errorLog = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (errorLog += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async (): Promise<void> => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      nginx.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };

  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await fetch(`${url}${PRIVATE_ASSET}`, { signal: AbortSignal.timeout(1000) });
      return { url, stop };
    } catch {
      if (nginx.exitCode !== null) break;
      await sleep(100);
    }
  }
  await stop();
  throw new Error(`The private gateway did not start:\n${errorLog}`);
}
