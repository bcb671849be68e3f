import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { e2eStack, repoRoot } from './e2e-env.js';

export interface RunningStack {
  child: ChildProcess;
  exited: Promise<void>;
  logPath: string;
}

/** Runs `make start`'s script on the e2e ports and database, with its output in a log file. */
export function startStack(): RunningStack {
  mkdirSync(e2eStack.runDir, { recursive: true });
  const logPath = `${e2eStack.runDir}/stack.log`;
  const logFd = openSync(logPath, 'w');
  const child = spawn('bash', ['infra/scripts/start.sh'], {
    cwd: repoRoot,
    // Its own process group, so a stray Ctrl-C to the test run reaches the stack only through stopStack.
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      START_SKIP_INSTALL: '1',
      START_SKIP_BUILD: '1',
      START_RUN_DIR: e2eStack.runDir,
      START_READY_TIMEOUT: '120',
      // 'test', not 'production': the tools service refuses its test-only crawl settings in production.
      NODE_ENV: 'test',
      GATEWAY_PORT: String(e2eStack.gatewayPort),
      CONTENT_PORT: String(e2eStack.contentPort),
      WEB_PORT: String(e2eStack.webPort),
      TOOLS_PORT: String(e2eStack.toolsPort),
      MODEL_SIM_PORT: String(e2eStack.modelSimPort),
      // The mail catcher start.sh runs without SMTP_URL, away from a developer's own.
      MAIL_CATCHER_SMTP_PORT: String(e2eStack.mailCatcherSmtpPort),
      MAIL_CATCHER_WEB_PORT: String(e2eStack.mailCatcherWebPort),
      SMTP_URL: '',
      WORKER_METRICS_PORT: String(e2eStack.workerMetricsPort),
      // JSON lines at info level, so that a spec can follow one request through the logs (stack.log).
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      // A killed worker's job is taken over within seconds (the supervision spec kills one).
      TOOLS_JOB_LOCK_MS: '3000',
      MODEL_SIMULATOR_URL: '',
      // No provider keys: the stack runs in demo mode against the model simulator.
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      GEMINI_API_KEY: '',
      XAI_API_KEY: '',
      PERPLEXITY_API_KEY: '',
      // Short enough that a spec can watch a hanging model give up (the tools' default is 30 s).
      MODEL_DEADLINE_MS: '5000',
      // The specs run many tool requests a day; the ceiling has its own test (services/tools).
      TOOLS_DAILY_MODEL_CALLS: '100000000',
      // Every spec posts the contact and newsletter forms from this one address; the limits have their own test (services/content).
      CONTACT_RATE_LIMIT: '100000',
      NEWSLETTER_RATE_LIMIT: '100000',
      DATABASE_URL: e2eStack.databaseUrl,
      REDIS_URL: e2eStack.redisUrl,
      PUBLIC_SITE_URL: e2eStack.gatewayUrl,
      // The Rufus Radar, header and videos specs need these links; LinkedIn and Why Us stay unset (left out).
      SITE_RUFUS_RADAR_URL: 'https://example.com/rufus-radar',
      SITE_QUERY_CLUSTERING_URL: 'https://example.com/query-clustering',
      SITE_YOUTUBE_URL: 'https://www.youtube.com/@example',
      ADMIN_PASSWORD: e2eStack.adminPassword,
      ADMIN_PASSWORD_HASH: '',
      // Empty: the script generates the secret, as on a developer's first `make start`.
      UNSUBSCRIBE_SECRET: '',
      START_SECRETS_FILE: `${e2eStack.runDir}/secrets.env`,
      // Uploads of the specs stay with the run, not in a developer's media directory.
      MEDIA_DIR: `${e2eStack.runDir}/media`,
      // Semantic Expansion may crawl the specs' own test site on loopback (support/test-site.ts).
      SITE_CHECK_TEST_ONLY_ALLOW_PRIVATE: '1',
      SITE_CHECK_TEST_ONLY_PORTS: String(e2eStack.testSitePort),
    },
  });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, logPath };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Resolves once the gateway reports the site healthy; rejects if the stack exits or the time runs out. */
export async function waitForStack(stack: RunningStack, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (!isRunning(stack.child)) throw new Error(`The start script exited (code ${stack.child.exitCode}) before the stack was ready.`);
    try {
      const response = await fetch(`${e2eStack.gatewayUrl}/api/health`, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(500);
  }
  throw new Error(`The stack was not ready within ${timeoutMs / 1000}s (last: ${lastProblem}).`);
}

/** SIGTERM to the start script (it stops what it started); SIGKILL to whatever is left after a grace period. */
export async function stopStack(stack: RunningStack): Promise<void> {
  if (isRunning(stack.child)) {
    stack.child.kill('SIGTERM');
    await Promise.race([stack.exited, sleep(30_000)]);
  }
  if (isRunning(stack.child) && stack.child.pid !== undefined) killGroup(stack.child.pid);
  // The script records pm2-runtime's pid and deletes the record once everything is stopped; pm2
  // records each process it runs in its own pid files.
  const pidsFile = `${e2eStack.runDir}/pids`;
  if (existsSync(pidsFile)) {
    const pm2Pids = `${e2eStack.runDir}/pm2/pids`;
    const files = [pidsFile, ...(existsSync(pm2Pids) ? readdirSync(pm2Pids).map((name) => `${pm2Pids}/${name}`) : [])];
    for (const file of files) {
      const pid = Number(readFileSync(file, 'utf8').split(' ')[0]);
      if (Number.isInteger(pid) && pid > 1) killGroup(pid);
    }
  }
}

/** The process group `pid` leads (pm2 starts each process in its own), or the process alone. */
function killGroup(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone, or not a group leader.
    }
  }
}

export function tailOfLog(logPath: string, lines: number): string {
  try {
    return readFileSync(logPath, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
