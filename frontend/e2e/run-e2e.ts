/**
 * `npm run test:e2e`: starts the real stack (the `make start` script) on e2e ports against a
 * throwaway database, runs the specs with node's test runner through the nginx gateway, and
 * stops everything it started, whatever happens. Needs the build output (`npm run build`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chromiumPath, e2eStack, repoRoot } from './support/e2e-env.js';
import { startStack, stopStack, tailOfLog, waitForStack, type RunningStack } from './support/stack-process.js';
import { dropE2eDatabase, flushE2eRedisDatabase } from './support/throwaway-stores.js';

const STACK_READY_TIMEOUT_MS = 180_000;
const SPECS_TIMEOUT_MS = 10 * 60_000;
/** Last resort against a hang anywhere (database reset, teardown): the run never outlives this. */
const WHOLE_RUN_TIMEOUT_MS = 20 * 60_000;
const specsDir = new URL('./specs/', import.meta.url);
/** `E2E_SPECS=admin` (a regular expression) runs only the spec files whose names match. */
const specFilter = process.env.E2E_SPECS ? new RegExp(process.env.E2E_SPECS) : undefined;

function log(message: string): void {
  console.log(`[e2e] ${message}`);
}

function checkPrerequisites(): void {
  const missing = [
    ['services/content/dist/src/main.js', 'run `npm run build`'],
    ['frontend/dist/server/main.js', 'run `npm run build`'],
    ['frontend/dist/client/.vite/manifest.json', 'run `npm run build`'],
  ]
    .filter(([path]) => !existsSync(`${repoRoot}${path}`))
    .map(([path, fix]) => `${path} (${fix})`);
  if (!existsSync(chromiumPath)) missing.push(`${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (missing.length > 0) throw new Error(`Missing before e2e can run:\n  ${missing.join('\n  ')}`);
}

function runSpecs(): Promise<number> {
  const files = readdirSync(specsDir)
    .filter((name) => name.endsWith('.test.js'))
    .filter((name) => !specFilter || specFilter.test(name))
    .sort()
    .map((name) => new URL(name, specsDir).pathname);
  if (files.length === 0) throw new Error(`No e2e specs were found${specFilter ? ` matching ${String(specFilter)}` : ''}.`);
  return new Promise((resolve) => {
    // One file at a time: some specs change content through the admin API and others count it.
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', '--test-timeout=180000', '--test-concurrency=1', ...files], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    const timer = setTimeout(() => {
      log(`the specs did not finish within ${SPECS_TIMEOUT_MS / 60_000} minutes; stopping them`);
      child.kill('SIGKILL');
    }, SPECS_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(): Promise<number> {
  checkPrerequisites();
  log(`resetting ${new URL(e2eStack.databaseUrl).pathname.slice(1)} and Redis ${e2eStack.redisUrl}`);
  await dropE2eDatabase(e2eStack.databaseUrl);
  await flushE2eRedisDatabase(e2eStack.redisUrl);

  log(`starting the stack (gateway ${e2eStack.gatewayUrl}, log ${e2eStack.runDir}/stack.log)`);
  const stack: RunningStack = startStack();
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopping ??= stopStack(stack));
  setTimeout(() => {
    log(`the e2e run exceeded ${WHOLE_RUN_TIMEOUT_MS / 60_000} minutes; stopping`);
    void stop().finally(() => process.exit(1));
  }, WHOLE_RUN_TIMEOUT_MS).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping the stack`);
      void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }

  try {
    await waitForStack(stack, STACK_READY_TIMEOUT_MS);
    log('stack ready; running specs');
    const code = await runSpecs();
    if (code !== 0) log(`specs failed; the stack's log ends with:\n${tailOfLog(stack.logPath, 40)}`);
    return code;
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}\nThe stack's log ends with:\n${tailOfLog(stack.logPath, 80)}`);
    return 1;
  } finally {
    log('stopping the stack');
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
