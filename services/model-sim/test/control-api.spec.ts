import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import {
  parseSimConfig,
  simConfigFromEnv,
  SimConfigError,
  simListenFromEnv,
  startModelSimulator,
  type RunningModelSimulator,
  type SimStats,
} from '../src/index.js';
import { ask } from './support/sdk-clients.js';

let sim: RunningModelSimulator;
const startConfig = { anthropic: { latencyMs: 5 } };

beforeAll(async () => {
  sim = await startModelSimulator({ config: startConfig });
});

afterAll(async () => {
  await sim.close();
});

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sim.url}${path}`, {
    method,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: await response.json() };
}

describe('the control API', () => {
  it('reports health', async () => {
    expect(await control('GET', '/__sim/health')).toEqual({ status: 200, json: { status: 'ok' } });
  });

  it('replaces the config with PUT and rejects bad configs with a readable 400', async () => {
    const config = { default: { latencyMs: 10 }, gemini: { status: 429, failTimes: 2, retryAfterSeconds: 1 } };
    expect(await control('PUT', '/__sim/config', config)).toEqual({ status: 200, json: config });
    expect((await control('GET', '/__sim/config')).json).toEqual(config);

    const typo = await control('PUT', '/__sim/config', { openai: { latencyMS: 10 } });
    expect(typo.status).toBe(400);
    expect(typo.json).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((typo.json as { message: string }).message).toContain('latencyMS');

    const badStatus = await control('PUT', '/__sim/config', { xai: { status: 200 } });
    expect(badStatus.status).toBe(400);
    expect((badStatus.json as { message: string }).message).toContain('xai.status');
    expect((await control('GET', '/__sim/config')).json).toEqual(config);
  });

  it('counts per provider and resets config and counters to the start-up state', async () => {
    await control('POST', '/__sim/reset');
    const before = Date.now();
    await ask(sim, 'openai', { user: 'a' });
    await ask(sim, 'openai', { user: 'b' });
    const arrivals = (await control('GET', '/__sim/arrivals')).json as Record<string, number[]>;
    expect(arrivals.anthropic).toEqual([]);
    expect(arrivals.openai).toHaveLength(2);
    expect(arrivals.openai!.every((at) => at >= before && at <= Date.now())).toBe(true);
    const { json } = await control('GET', '/__sim/stats');
    expect((json as SimStats).openai).toEqual({
      received: 2,
      answered: 2,
      failed: 0,
      hung: 0,
      clientAborted: 0,
      open: 0,
      imageBytesReceived: 0,
      searches: 0,
      groundingRedirects: 0,
    });
    sim.setConfig({ openai: { status: 500 } });
    expect(await control('POST', '/__sim/reset')).toEqual({ status: 200, json: startConfig });
    expect(sim.stats().openai.received).toBe(0);
    expect(sim.arrivals().openai).toEqual([]);
    expect(await ask(sim, 'openai', { user: 'a' })).toContain('Simulated ChatGPT answer');
  });

  it('answers unknown routes with a JSON 404', async () => {
    expect(await control('GET', '/nowhere')).toMatchObject({ status: 404, json: { statusCode: 404, error: 'Not Found' } });
  });
});

describe('configuration', () => {
  it('reads SIM_* variables for every provider and SIM_<PROVIDER>_* for one', () => {
    expect(
      simConfigFromEnv({
        SIM_LATENCY_MS: '200',
        SIM_JITTER_MS: '20',
        SIM_OPENAI_STATUS: '429',
        SIM_OPENAI_FAIL_TIMES: '2',
        SIM_OPENAI_RETRY_AFTER_SECONDS: '3',
        SIM_GEMINI_HANG: '1',
        SIM_XAI_MALFORMED: 'true',
        SIM_ANTHROPIC_LATENCY_MS: '',
      }),
    ).toEqual({
      default: { latencyMs: 200, jitterMs: 20 },
      openai: { status: 429, failTimes: 2, retryAfterSeconds: 3 },
      gemini: { hang: true },
      xai: { malformed: true },
    });
    expect(simConfigFromEnv({})).toEqual({});
    expect(simConfigFromEnv({ SIM_CITED_SITE: 'https://www.brand.example/shop', SIM_SEARCH_FAULT: 'no-sources', SIM_XAI_SEARCH_FAULT: 'malformed-tool' })).toEqual({
      citedSite: 'https://www.brand.example/shop',
      default: { searchFault: 'no-sources' },
      xai: { searchFault: 'malformed-tool' },
    });
  });

  it('listens on loopback unless BIND_HOST widens it', () => {
    expect(simListenFromEnv({})).toEqual({ port: 3099, host: '127.0.0.1' });
    expect(simListenFromEnv({ MODEL_SIM_PORT: '0', BIND_HOST: '0.0.0.0' })).toEqual({ port: 0, host: '0.0.0.0' });
    expect(() => simListenFromEnv({ BIND_HOST: 'everywhere' })).toThrow(/BIND_HOST must be an IP address/);
    expect(() => simListenFromEnv({ MODEL_SIM_PORT: 'x' })).toThrow(/MODEL_SIM_PORT/);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => simConfigFromEnv({ SIM_OPENAI_LATENCY_MS: 'slow' })).toThrow(/SIM_OPENAI_LATENCY_MS/);
    expect(() => simConfigFromEnv({ SIM_HANG: 'yes' })).toThrow(/SIM_HANG/);
    expect(() => simConfigFromEnv({ SIM_STATUS: '302' })).toThrow(SimConfigError);
    expect(() => parseSimConfig({ mistral: {} })).toThrow(SimConfigError);
    expect(() => simConfigFromEnv({ SIM_GEMINI_SEARCH_FAULT: 'slow' })).toThrow(/SIM_GEMINI_SEARCH_FAULT must be one of no-sources, no-search, malformed-tool/);
    expect(() => parseSimConfig({ citedSite: 'javascript:alert(1)' })).toThrow(/citedSite: must be an http or https address/);
    expect(() => parseSimConfig({ openai: { searchFault: 'sometimes' } })).toThrow(/openai\.searchFault/);
  });

  it('names every bad variable in one message', () => {
    let message = '';
    try {
      simConfigFromEnv({ SIM_OPENAI_LATENCY_MS: 'slow', SIM_HANG: 'yes', SIM_STATUS: '302', SIM_XAI_RETRY_AFTER_SECONDS: '90000' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['SIM_OPENAI_LATENCY_MS', 'SIM_HANG', 'SIM_STATUS', 'SIM_XAI_RETRY_AFTER_SECONDS']) expect(message).toMatch(new RegExp(`- ${name}\\b`));
  });
});

describe('the CLI entry', () => {
  it('listens where MODEL_SIM_PORT says, applies env faults and stops cleanly on SIGTERM', async () => {
    const main = fileURLToPath(new URL('../src/main.js', import.meta.url));
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, MODEL_SIM_PORT: '0', BIND_HOST: '127.0.0.1', SIM_XAI_STATUS: '503' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer];
      const url = /listening on (http:\/\/\S+)/.exec(line.toString())?.[1];
      expect(url).toBeDefined();
      expect((await fetch(`${url}/__sim/health`)).status).toBe(200);
      expect(await (await fetch(`${url}/__sim/config`)).json()).toEqual({ xai: { status: 503 } });
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
