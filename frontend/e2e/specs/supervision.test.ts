import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchBrowser } from '../support/browser.js';
import { e2eStack } from '../support/e2e-env.js';
import { resetSim, setSimFaults } from '../support/model-sim-control.js';
import { newWatchedContext, securityEvents } from '../support/security-watch.js';
import { adminCookie, site } from '../support/site.js';

/*
 * `make start` under its supervisor (pm2-runtime, infra/pm2/ecosystem.config.cjs): a process
 * killed with SIGKILL comes back while the others keep serving; one request id runs through the
 * gateway's, the API's and the worker's logs; /metrics on each process's own port, never through
 * the gateway; the queue dashboard behind the admin session. See docs/operations.md.
 */

const local = (port: number, path: string): string => `http://127.0.0.1:${port}${path}`;
const RESTART_TIMEOUT_MS = 30_000;
/** Tool requests from an address of their own, so that the other specs' per-address tool limits are untouched. */
const TOOL_CLIENT_ADDRESS = '127.0.0.23';

/** The pid pm2 records for an app (its pid file: <name>-<pm2 id>.pid), or undefined between two lives. */
function pidOf(app: string): number | undefined {
  const dir = `${e2eStack.runDir}/pm2/pids`;
  const file = existsSync(dir) ? readdirSync(dir).find((name) => name.startsWith(`${app}-`) && name.endsWith('.pid')) : undefined;
  if (!file) return undefined;
  const pid = Number(readFileSync(`${dir}/${file}`, 'utf8').trim());
  return Number.isInteger(pid) && pid > 1 ? pid : undefined;
}

async function answers(url: string, init: RequestInit = {}): Promise<number | 'no answer'> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'no answer';
  }
}

interface Probe {
  startedAt: number;
  endedAt: number;
  status: number | 'no answer';
}

/** Sends `url` requests back to back on `lanes` connections until stopped; every answer is kept. */
function probe(url: string, init: RequestInit = {}, lanes = 3): { answered: () => number; stop: () => Promise<Probe[]> } {
  const probes: Probe[] = [];
  let running = true;
  const lane = async (): Promise<void> => {
    while (running) {
      const startedAt = Date.now();
      const status = await answers(url, init);
      probes.push({ startedAt, endedAt: Date.now(), status });
      await sleep(20);
    }
  };
  const all = Promise.all(Array.from({ length: lanes }, lane));
  return {
    answered: () => probes.filter((p) => p.status === 200).length,
    stop: async () => {
      running = false;
      await all;
      return probes;
    },
  };
}

/** Waits for pm2 to have started a new `app` process and for it to answer `healthUrl`. */
async function waitForRestart(app: string, killedPid: number, healthUrl: string): Promise<number> {
  const deadline = Date.now() + RESTART_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const pid = pidOf(app);
    if (pid !== undefined && pid !== killedPid && (await answers(healthUrl)) === 200) return pid;
    await sleep(100);
  }
  assert.fail(`${app} was not back (new pid, ${healthUrl} answering 200) within ${RESTART_TIMEOUT_MS / 1000} s of its SIGKILL`);
}

/** A JSON POST through the gateway from TOOL_CLIENT_ADDRESS. */
function postTool(path: string, body: unknown): Promise<{ status: number; requestId: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      site(path),
      {
        method: 'POST',
        localAddress: TOOL_CLIENT_ADDRESS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: e2eStack.gatewayUrl },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, requestId: res.headers['x-request-id'] as string | undefined, body: text }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

const auditRequest = { query: 'best trail running shoes for wet weather', email: 'supervision-spec@example.com' };

/**
 * Kills `app` with SIGKILL while `load` runs through the gateway and `others` probes a process
 * that must keep serving. Requests may fail only while the killed process was down, and only
 * with the gateway's own 502/503/504; every request after it is back succeeds.
 */
async function killUnderLoad(app: string, healthUrl: string, load: { url: string; init?: RequestInit }, others: { url: string; init?: RequestInit }): Promise<void> {
  const killedPid = pidOf(app);
  assert.ok(killedPid, `pm2 records no pid for ${app}`);
  const loadProbe = probe(load.url, load.init);
  const otherProbe = probe(others.url, others.init, 1);
  const warm = Date.now() + 10_000;
  while ((loadProbe.answered() < 5 || otherProbe.answered() < 1) && Date.now() < warm) await sleep(50);
  const killedAt = Date.now();
  process.kill(killedPid, 'SIGKILL');
  const newPid = await waitForRestart(app, killedPid, healthUrl);
  const backAt = Date.now();
  await sleep(1500);
  const [loadProbes, otherProbes] = await Promise.all([loadProbe.stop(), otherProbe.stop()]);

  const before = loadProbes.filter((p) => p.endedAt < killedAt);
  const afterBack = loadProbes.filter((p) => p.startedAt > backAt);
  const failed = loadProbes.filter((p) => p.status !== 200);
  console.log(
    `[supervision] ${app}: pid ${killedPid} -> ${newPid}, back in ${((backAt - killedAt) / 1000).toFixed(1)} s; ` +
      `${loadProbes.length} requests, ${failed.length} failed (${[...new Set(failed.map((p) => p.status))].join(', ') || 'none'}), ` +
      `${otherProbes.length} to the others, all answered ${[...new Set(otherProbes.map((p) => p.status))].join(', ')}`,
  );
  assert.ok(before.length > 0 && afterBack.length > 0, 'requests ran before the kill and after the restart');
  assert.deepEqual(before.filter((p) => p.status !== 200), [], 'every request before the kill succeeded');
  assert.deepEqual(afterBack.filter((p) => p.status !== 200), [], `every request after ${app} was back succeeded`);
  for (const p of failed) {
    assert.ok([502, 503, 504].includes(p.status as number), `a failed request got the gateway's error answer, not ${p.status}`);
    assert.ok(p.endedAt >= killedAt && p.startedAt <= backAt, 'a request failed only while the killed process was down');
  }
  assert.deepEqual(
    otherProbes.filter((p) => p.status !== 200),
    [],
    `the other processes kept serving while ${app} was down`,
  );
}

void describe('make start under its supervisor', () => {
  let cookie = '';
  const withSession = (): RequestInit => ({ headers: { cookie } });

  void test('a killed content service is restarted; the tools API keeps serving', async () => {
    await killUnderLoad('content', local(e2eStack.contentPort, '/health/ready'), { url: site('/api/blog-posts?page=1') }, { url: local(e2eStack.toolsPort, '/health/ready') });
  });

  void test('a killed web server is restarted; the API keeps serving', async () => {
    await killUnderLoad('web', local(e2eStack.webPort, '/health'), { url: site('/') }, { url: site('/api/blog-posts?page=1') });
  });

  void test('a killed tools API is restarted; the content service keeps serving', async () => {
    cookie = await adminCookie();
    await killUnderLoad('tools', local(e2eStack.toolsPort, '/health/ready'), { url: site('/api/admin/llm-queries'), init: withSession() }, { url: site('/api/blog-posts?page=1') });
  });

  void test("a killed worker is restarted and its job in flight is taken over: the visitor gets the answer", async () => {
    const killedPid = pidOf('worker');
    assert.ok(killedPid, 'pm2 records no pid for the worker');
    // Each model takes 2 s: the job is still running when its worker dies.
    await setSimFaults({ default: { latencyMs: 2000 } });
    try {
      const audit = postTool('/api/llm-query', auditRequest);
      await sleep(1000);
      process.kill(killedPid, 'SIGKILL');
      const newPid = await waitForRestart('worker', killedPid, local(e2eStack.workerMetricsPort, '/health'));
      const answer = await audit;
      console.log(`[supervision] worker: pid ${killedPid} -> ${newPid}; the audit in flight answered ${answer.status}`);
      assert.equal(answer.status, 200, answer.body);
      assert.match(answer.body, /Simulated/);
      const metrics = await (await fetch(local(e2eStack.workerMetricsPort, '/metrics'))).text();
      assert.match(metrics, /^tools_job_duration_seconds_count\{[^}]*tool="audit"[^}]*outcome="answered"[^}]*\} 1$/m, 'the new worker ran the job');
      assert.match(metrics, /^tools_job_retries_total\{[^}]*tool="audit"[^}]*\} 1$/m, 'and counted it as taken over');
    } finally {
      await resetSim();
    }
  });
});

void describe('one request id from the gateway to the worker', () => {
  void test("an audit's id is in the gateway's access log and the API's and worker's log lines", async () => {
    const answer = await postTool('/api/llm-query', auditRequest);
    assert.equal(answer.status, 200, answer.body);
    const id = answer.requestId;
    assert.ok(id && /^[0-9a-f]{32}$/.test(id), `the answer carries the gateway's request id (got ${id})`);
    // Lines are written as they happen; give the pipes a moment.
    await sleep(500);

    const accessLines = readFileSync(`${e2eStack.runDir}/nginx/access.log`, 'utf8').split('\n').filter((line) => line.includes(id));
    assert.equal(accessLines.length, 1, 'one access log line');
    const access = JSON.parse(accessLines[0] ?? '{}') as Record<string, unknown>;
    assert.equal(access.requestId, id);
    assert.equal(access.path, '/api/llm-query');
    assert.equal(access.status, 200);

    const lines = readFileSync(`${e2eStack.runDir}/stack.log`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(id))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const api = lines.filter((line) => line.service === 'tools');
    const worker = lines.filter((line) => line.service === 'worker');
    assert.ok(api.some((line) => line.requestId === id && (line.req as { path?: string } | undefined)?.path === '/api/llm-query'), 'the API logged the request');
    assert.ok(worker.some((line) => line.requestId === id && line.tool === 'audit' && typeof line.jobId === 'string'), 'the worker logged the job');
    assert.ok(
      worker.some((line) => String(line.msg).startsWith('job done')),
      'the worker logged the job done under the same id',
    );
    // The visitor's address appears in no log line.
    const stackLog = readFileSync(`${e2eStack.runDir}/stack.log`, 'utf8');
    assert.equal(stackLog.includes(auditRequest.email), false, 'no email address is logged');
  });
});

void describe('/metrics', () => {
  const scrape = async (port: number): Promise<string> => {
    const response = await fetch(local(port, '/metrics'));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  void test('each process exposes its series on its own port', async () => {
    const content = await scrape(e2eStack.contentPort);
    assert.match(content, /^http_request_duration_seconds_bucket\{[^}]*service="content"[^}]*route="\/api\/blog-posts"/m);
    assert.match(content, /^process_cpu_user_seconds_total\{service="content"\}/m);

    const tools = await scrape(e2eStack.toolsPort);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      assert.match(tools, new RegExp(`^tools_queue_jobs\\{queue="tools",state="${state}",service="tools"\\} \\d+$`, 'm'), `queue ${state}`);
    }
    assert.match(tools, /^tools_daily_model_calls_used\{service="tools"\} [1-9]\d*$/m);
    assert.match(tools, /^tools_daily_model_calls_limit\{service="tools"\} 100000000$/m);
    assert.match(tools, /^http_request_duration_seconds_count\{[^}]*route="\/api\/llm-query"/m);

    // One page straight from the web process: through the gateway a page may come from its micro-cache,
    // and an earlier test in this file restarts the web process, which starts its counts afresh.
    assert.equal((await fetch(local(e2eStack.webPort, '/'))).status, 200);
    const web = await scrape(e2eStack.webPort);
    assert.match(web, /^http_request_duration_seconds_count\{service="web",method="GET",route="page",status_code="200"\} [1-9]/m);

    const worker = await scrape(e2eStack.workerMetricsPort);
    for (const series of ['tools_job_duration_seconds_bucket', 'tools_model_call_duration_seconds_bucket', 'tools_model_tokens_total', 'tools_model_searches_total']) {
      assert.match(worker, new RegExp(`^${series}\\{`, 'm'), series);
    }
    for (const counter of ['tools_model_call_errors_total', 'tools_model_call_retries_total', 'tools_job_retries_total']) {
      assert.match(worker, new RegExp(`^# TYPE ${counter} counter$`, 'm'), counter);
    }
    assert.match(worker, /^nodejs_eventloop_lag_seconds\{service="worker"\}/m);
  });

  void test('is not served through the gateway', async () => {
    for (const path of ['/metrics', '/metrics?x=1']) {
      assert.equal(await answers(site(path)), 404, path);
    }
  });
});

void describe('the queue dashboard', () => {
  void test('refuses a visitor without an admin session, through the gateway', async () => {
    for (const path of ['/api/admin/queues', '/api/admin/queues/', '/api/admin/queues/api/queues']) {
      const response = await fetch(site(path));
      assert.equal(response.status, 401, path);
      assert.match(await response.text(), /Please log in to the admin panel to continue\./);
    }
    const retry = await fetch(site('/api/admin/queues/api/queues/tools/retry/failed'), { method: 'PUT', headers: { origin: e2eStack.gatewayUrl } });
    assert.equal(retry.status, 401, 'a state-changing dashboard call');
  });

  let browserClose: (() => Promise<void>) | undefined;
  after(async () => browserClose?.());

  void test('shows the tools queue to the admin, within its Content-Security-Policy', async () => {
    const browser = await launchBrowser();
    browserClose = () => browser.close();
    const context = await newWatchedContext(browser);
    const session = await adminCookie();
    const [name = '', value = ''] = session.split(';')[0]?.split('=') ?? [];
    await context.addCookies([{ name, value, url: e2eStack.gatewayUrl }]);
    const page = await context.newPage();
    const response = await page.goto(site('/api/admin/queues'), { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.getByText('tools', { exact: true }).first().waitFor({ timeout: 15_000 });
    const events = await securityEvents(page);
    // Its web fonts from Google are refused on purpose (the system font is used); nothing else.
    assert.deepEqual(
      events.violations.filter((violation) => !violation.includes('fonts.googleapis.com')),
      [],
    );
  });
});
