import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const nginxPath = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const STOP_GRACE_MS = 15_000;
const READY_TIMEOUT_MS = 60_000;

interface Running {
  name: string;
  child: ChildProcess;
  /** Last lines of its stderr, shown if it dies before it is stopped. */
  stderr: string;
}

export interface GatewayOptions {
  port: number;
  contentUpstream: string;
  webUpstream?: string;
  toolsUpstream?: string;
  staticRoot?: string;
  /** Extra http-level configuration appended to the rendered gateway (a baseline server, say). */
  extraConfig?: (dir: string) => string;
}

export interface RunningGateway {
  url: string;
  dir: string;
}

/**
 * Every process a benchmark starts, each in its own process group so that stopping it stops its
 * children too. Whatever happens (an error, Ctrl-C, SIGTERM from the runner) they are stopped and
 * temporary directories removed before the benchmark exits.
 */
export class BenchProcesses {
  private readonly running: Running[] = [];
  private readonly tempDirs: string[] = [];
  private stopping: Promise<void> | undefined;

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: stopping the benchmark's processes`);
        void this.stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
      });
    }
    // Last resort if the benchmark exits without stopping them (an uncaught error).
    process.once('exit', () => {
      for (const { child } of this.running) killGroup(child, 'SIGKILL');
      for (const dir of this.tempDirs) rmSync(dir, { recursive: true, force: true });
    });
  }

  /** A private temporary directory nginx's workers (nobody, when run as root) can read. */
  tempDir(prefix: string): string {
    const dir = mkdtempSync(`${tmpdir()}/${prefix}-`);
    chmodSync(dir, 0o755);
    this.tempDirs.push(dir);
    return dir;
  }

  start(name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const entry: Running = { name, child, stderr: '' };
    child.stderr?.on('data', (chunk: Buffer) => (entry.stderr = (entry.stderr + chunk.toString('utf8')).slice(-3000)));
    child.once('exit', (code, signal) => {
      const index = this.running.indexOf(entry);
      if (index === -1) return;
      this.running.splice(index, 1);
      console.error(`${name} exited unexpectedly (${code ?? signal}):\n${entry.stderr}`);
    });
    this.running.push(entry);
    return child;
  }

  /** A node script of the repository, as `make start` runs it. */
  node(name: string, script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
    return this.start(name, process.execPath, [...nodeArgs, `${repoRoot}${script}`], env);
  }

  /**
   * The project's own gateway, rendered by infra/scripts/render-gateway.sh as start.sh does and
   * run by the system nginx with the same command line.
   */
  async gateway(options: GatewayOptions): Promise<RunningGateway> {
    const dir = this.tempDir('bench-gateway');
    const staticRoot = options.staticRoot ?? `${dir}/static`;
    mkdirSync(staticRoot, { recursive: true });
    const nginxDir = `${dir}/nginx`;
    await promisify(execFile)('bash', [`${repoRoot}infra/scripts/render-gateway.sh`, nginxDir], {
      env: {
        ...process.env,
        NGINX_LISTEN_PORT: String(options.port),
        CONTENT_UPSTREAM: options.contentUpstream,
        WEB_UPSTREAM: options.webUpstream ?? options.contentUpstream,
        TOOLS_UPSTREAM: options.toolsUpstream ?? options.contentUpstream,
        STATIC_ROOT: staticRoot,
      },
    });
    if (options.extraConfig) appendFileSync(`${nginxDir}/gateway.conf`, options.extraConfig(dir));
    // As start.sh: nginx workers run as nobody, who may not read a checkout in a private directory.
    const globals = process.getuid?.() === 0 && !nobodyCanRead(staticRoot) ? 'daemon off; user root;' : 'daemon off;';
    this.start('nginx', nginxPath, ['-p', `${nginxDir}/`, '-c', `${nginxDir}/nginx.conf`, '-e', 'stderr', '-g', globals]);
    const url = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${url}/api/health`, 'nginx', () => true);
    return { url, dir };
  }

  async stop(child: ChildProcess): Promise<void> {
    const index = this.running.findIndex((entry) => entry.child === child);
    if (index !== -1) this.running.splice(index, 1);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, 'SIGTERM');
    await Promise.race([exited, sleep(STOP_GRACE_MS)]);
    if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGKILL');
  }

  /** Stops everything in reverse start order and removes the temporary directories. */
  stopAll(): Promise<void> {
    this.stopping ??= (async () => {
      for (const { child } of [...this.running].reverse()) await this.stop(child);
      for (const dir of this.tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    })();
    return this.stopping;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function nobodyCanRead(dir: string): boolean {
  return spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-r', dir, '-a', '-x', dir]).status === 0;
}

/** Waits until `url` answers and `accept(status)` holds (2xx by default). */
export async function waitForHttp(url: string, what: string, accept: (status: number) => boolean = (status) => status < 300): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (accept(response.status)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  throw new Error(`${what} was not ready at ${url} within ${READY_TIMEOUT_MS / 1000} s (last: ${last})`);
}
