import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './mail-catcher.js';
import { ADMIN_PASSWORD, SITE_ORIGIN, startContentApp, TEST_REDIS_URL, type TestContext } from './test-app.js';

const TOOLS_ENTRY = fileURLToPath(new URL('../../../../tools/dist/src/main.js', import.meta.url));
const TOOLS_MIGRATE = fileURLToPath(new URL('../../../../tools/dist/src/cli/migrate.js', import.meta.url));

export interface ContentWithTools extends TestContext {
  /** Stops the tools API (the content service then finds it "not running"). */
  stopTools(): Promise<void>;
}

/**
 * The content service with the real tools API beside it, as a process of its own on the same
 * database and Redis (its migrations run first), for what the content service asks of the tools
 * service: the person view's tool records, the tools' part of an erasure and the digest's leads.
 */
export async function startContentWithTools(label: string, env: Record<string, string> = {}): Promise<ContentWithTools> {
  const port = await freePort();
  const ctx = await startContentApp(label, { TOOLS_INTERNAL_URL: `http://127.0.0.1:${port}`, ...env });
  let stopTools: () => Promise<void>;
  try {
    stopTools = await startToolsApi(ctx.config.databaseUrl, port);
  } catch (error) {
    await ctx.close();
    throw error;
  }
  const close = ctx.close.bind(ctx);
  return Object.assign(ctx, {
    stopTools,
    close: async () => {
      await stopTools();
      await close();
    },
  });
}

/** The tools API on `port`, its migrations run first; answers how to stop it. */
async function startToolsApi(databaseUrl: string, port: number): Promise<() => Promise<void>> {
  await promisify(execFile)(process.execPath, [TOOLS_MIGRATE], { env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' } });
  const tools = spawn(process.execPath, [TOOLS_ENTRY], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, REDIS_URL: TEST_REDIS_URL, PUBLIC_SITE_URL: SITE_ORIGIN, ADMIN_PASSWORD, TOOLS_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  tools.stderr.on('data', (chunk: Buffer) => (errors = `${errors}${chunk.toString()}`.slice(-8000)));
  const stop = async () => {
    if (tools.exitCode !== null || tools.signalCode !== null) return;
    const exited = once(tools, 'exit');
    tools.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then((response) => response.ok, () => false);
    if (ready) return stop;
    if (tools.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the tools API did not start: ${errors}`);
    }
    await sleep(200);
  }
}
