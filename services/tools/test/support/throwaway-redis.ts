import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { watchProcess, type ServiceProcess } from './service-process.js';

/** Ports these tests may give their own Redis servers (never the shared 6379). */
const PORT_RANGE = (process.env.THROWAWAY_REDIS_PORTS ?? '6390-6399').split('-').map(Number) as [number, number];

/**
 * A redis-server of the test's own, so that it can be stopped and started without touching the
 * Redis other tests use. Every write is on disk before it is acknowledged (appendfsync always),
 * so a restart keeps every job that was accepted.
 */
export interface ThrowawayRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM: it flushes and exits); its data directory stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
  output(): string;
}

export async function startThrowawayRedis(options: { maxmemoryPolicy?: string } = {}): Promise<ThrowawayRedis> {
  const dir = mkdtempSync(`${tmpdir()}/throwaway-redis-`);
  const port = await firstClosedPort(PORT_RANGE);
  const args = [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--dir', dir,
    '--save', '',
    '--appendonly', 'yes',
    '--appendfsync', 'always',
    '--maxmemory-policy', options.maxmemoryPolicy ?? 'noeviction',
  ];
  let server: ServiceProcess | undefined;
  let output = '';
  const start = async (): Promise<void> => {
    server = watchProcess(`redis-server :${port}`, spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (!server.running() || Date.now() > deadline) {
        throw new Error(`redis-server did not start on port ${port} (apt-get install redis-server):\n${server.output()}`);
      }
      await sleep(50);
    }
  };
  const stop = async (): Promise<void> => {
    if (!server) return;
    await server.stop('SIGTERM', 10_000);
    output += server.output();
    server = undefined;
  };
  const destroy = async (): Promise<void> => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop, destroy, output: () => output + (server?.output() ?? '') };
}

async function firstClosedPort([first, last]: [number, number]): Promise<number> {
  for (let port = first; port <= last; port++) if (!(await answers(port))) return port;
  throw new Error(`every port from ${first} to ${last} is taken; set THROWAWAY_REDIS_PORTS`);
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
