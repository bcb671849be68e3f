import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Built entry points, relative to the repository root. */
export const ENTRY = {
  toolsApi: 'services/tools/dist/src/main.js',
  worker: 'services/tools/dist/src/worker-main.js',
  content: 'services/content/dist/src/main.js',
  modelSim: 'services/model-sim/dist/src/main.js',
} as const;

const OUTPUT_TAIL_CHARS = 64 * 1024;

/** One of the site's processes, started as it runs in production: a separate node process. */
export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** The exit code, or the signal's name when the process died of (or re-raised) a signal. */
  exited: Promise<number | string | null>;
  /** The last 64 KB of stdout and stderr. */
  output(): string;
  running(): boolean;
  /** Sends the signal and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | string | null>;
}

/**
 * glibc's allocator settings the tools API and the workers run with (infra/scripts/start.sh, the
 * tools image): without them a hostile scan's uploads and image decoding left hundreds of MB of
 * freed memory in the processes (README "Security").
 */
export const TOOLS_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** `nodeArgs` go before the entry point (the benchmark's `--import` of its CPU profiler, say). */
export function startNodeProcess(name: string, entry: string, env: Record<string, string>, nodeArgs: readonly string[] = []): ServiceProcess {
  const production = entry === ENTRY.toolsApi || entry === ENTRY.worker ? TOOLS_MALLOC_ENV : {};
  const child = spawn(process.execPath, [...nodeArgs, `${repoRoot}${entry}`], {
    env: { ...process.env, ...production, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProcess(name, child);
}

export function watchProcess(name: string, child: ChildProcess): ServiceProcess {
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnFailed = false;
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal));
    child.once('error', (error) => {
      spawnFailed = true;
      output += `${name} could not be started: ${error.message}\n`;
      resolve(null);
    });
  });
  const running = (): boolean => !spawnFailed && child.exitCode === null && child.signalCode === null;
  return {
    name,
    child,
    pid: child.pid ?? -1,
    exited,
    output: () => output,
    running,
    stop: async (signal = 'SIGTERM', graceMs = 30_000) => {
      if (running()) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls until the URL answers 2xx; fails early when the process that should serve it has exited. */
export async function waitUntilReady(url: string, owner: ServiceProcess | undefined, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (owner && !owner.running()) throw new Error(`${owner.name} exited before ${url} was ready:\n${owner.output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs} ms${owner ? `:\n${owner.output()}` : ''}`);
    await sleep(100);
  }
}

/** A port nothing listens on now (the kernel's choice, outside every fixed port range). */
export function freePort(): Promise<number> {
  return bindAndRelease(0);
}

/**
 * Listens on the port and closes again at once, answering the port bound; rejects (EADDRINUSE)
 * when another process holds it.
 */
export async function bindAndRelease(port: number): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** A process's children (nginx's workers, Postgres's backends), from /proc; none when it has gone. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
