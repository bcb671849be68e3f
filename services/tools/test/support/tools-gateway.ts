import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { bindAndRelease, childPids, freePort, repoRoot, watchProcess, type ServiceProcess } from './service-process.js';

const nginxPath = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** The real nginx gateway, rendered from the project's template, in front of a tools API. */
export interface ToolsGateway {
  url: string;
  /** The master process; `pids()` lists it and its workers. */
  nginx: ServiceProcess;
  pids(): number[];
  stop(): Promise<void>;
}

export async function startToolsGateway(toolsPort: number, port?: number): Promise<ToolsGateway> {
  // On a port that is already taken (an nginx left over from an interrupted run), that process
  // would answer the readiness check while this one exits: a run would measure the wrong gateway.
  if (port !== undefined) await refuseTakenPort(port);
  const dir = mkdtempSync(`${tmpdir()}/tools-gateway-`);
  // nginx workers run as nobody when the master is root: they must reach the files and temp dirs.
  chmodSync(dir, 0o755);
  mkdirSync(`${dir}/static`);
  const listenPort = port ?? (await freePort());
  // Nothing listens there: only the tools routes are exercised.
  const unused = `127.0.0.1:${await freePort()}`;
  await promisify(execFile)('bash', [`${repoRoot}infra/scripts/render-gateway.sh`, `${dir}/nginx`], {
    env: {
      ...process.env,
      NGINX_LISTEN_PORT: String(listenPort),
      CONTENT_UPSTREAM: unused,
      WEB_UPSTREAM: unused,
      TOOLS_UPSTREAM: `127.0.0.1:${toolsPort}`,
      STATIC_ROOT: `${dir}/static`,
    },
  });
  const child = spawn(nginxPath, ['-p', `${dir}/nginx/`, '-c', `${dir}/nginx/nginx.conf`, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const nginx = watchProcess('nginx', child);
  const url = `http://127.0.0.1:${listenPort}`;
  const stop = async (): Promise<void> => {
    await nginx.stop('SIGTERM', 5000);
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      // Any answer means nginx listens (the content upstream is absent, so /api/health is a 502).
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      return { url, nginx, pids: () => [nginx.pid, ...childPids(nginx.pid)], stop };
    } catch {
      if (!nginx.running()) break;
      await sleep(100);
    }
  }
  await stop();
  throw new Error(`nginx did not start (apt-get install nginx-light):\n${nginx.output()}`);
}

async function refuseTakenPort(port: number): Promise<void> {
  await bindAndRelease(port).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? new Error(`port ${port} is taken (is an earlier run's nginx still listening?)`) : error;
  });
}
