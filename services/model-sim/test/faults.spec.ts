import { describe, expect, it } from '@jest/globals';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { SIM_PROVIDERS, simulatedAuditAnswer, startModelSimulator, type RunningModelSimulator } from '../src/index.js';
import { ask, rejectionOf, waitForStats } from './support/sdk-clients.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: RunningModelSimulator;
simulatorPerFile((started) => {
  sim = started;
});

function headerOf(error: unknown, name: string): string | null | undefined {
  const headers = (error as { headers?: Headers }).headers;
  return headers?.get(name);
}

describe.each(SIM_PROVIDERS)('faults of %s', (provider) => {
  const query = 'best reusable coffee cup';

  it('fails the next request with 429 and Retry-After, then answers', async () => {
    sim.setConfig({ [provider]: { status: 429, failTimes: 1, retryAfterSeconds: 7 } });
    const error = await rejectionOf(ask(sim, provider, { user: query }));
    expect(error).toMatchObject({ status: 429 });
    if (provider !== 'gemini') expect(headerOf(error, 'retry-after')).toBe('7');
    expect(await ask(sim, provider, { user: query })).toBe(simulatedAuditAnswer(provider, query));
    expect(sim.stats()[provider]).toMatchObject({ received: 2, failed: 1, answered: 1 });
  });

  it('fails every request with 500 when failTimes is absent, and leaves the others alone', async () => {
    sim.setConfig({ [provider]: { status: 500 } });
    for (let i = 0; i < 2; i++) expect(await rejectionOf(ask(sim, provider, { user: query }))).toMatchObject({ status: 500 });
    const other = SIM_PROVIDERS.find((p) => p !== provider)!;
    expect(await ask(sim, other, { user: query })).toBe(simulatedAuditAnswer(other, query));
    expect(sim.stats()[provider]).toMatchObject({ failed: 2, answered: 0 });
  });

  it('sends malformed output: a broken body for an audit, broken JSON text for a task', async () => {
    sim.setConfig({ [provider]: { malformed: true } });
    await expect(ask(sim, provider, { user: query })).rejects.toThrow();
    const text = await ask(sim, provider, { system: '[task:query-fan-out]', user: '<keyword>tea</keyword>', json: true });
    expect(text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    expect(sim.stats()[provider]).toMatchObject({ answered: 2, failed: 0 });
  });

  it('hangs until the client aborts, and sees the socket close', async () => {
    sim.setConfig({ [provider]: { hang: true } });
    const controller = new AbortController();
    const pending = rejectionOf(ask(sim, provider, { user: query, signal: controller.signal }));
    await waitForStats(sim, (stats) => stats[provider].hung === 1 && stats[provider].open === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sim.stats()[provider]).toMatchObject({ answered: 0, failed: 0, clientAborted: 0 });
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    const stats = await waitForStats(sim, (s) => s[provider].clientAborted === 1);
    expect(stats[provider]).toMatchObject({ open: 0, hung: 1, answered: 0 });
  });

  it('honours latency', async () => {
    sim.setConfig({ default: { latencyMs: 200 } });
    const started = performance.now();
    await ask(sim, provider, { user: query });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(195);
    expect(elapsed).toBeLessThan(1_000);
  });
});

describe('faults through the SDKs own mechanisms', () => {
  it('an SDK timeout on a hung request really closes the connection', async () => {
    sim.setConfig({ openai: { hang: true }, anthropic: { hang: true } });
    const openAiError = await rejectionOf(ask(sim, 'openai', { user: 'x', timeoutMs: 150 }));
    // A timeout or connection error, depending on whether the SDK recognises the abort across jest's realms.
    expect(openAiError).toBeInstanceOf(OpenAI.APIConnectionError);
    const anthropicError = await rejectionOf(ask(sim, 'anthropic', { user: 'x', timeoutMs: 150 }));
    expect(anthropicError).toBeInstanceOf(Anthropic.APIConnectionError);
    const stats = await waitForStats(sim, (s) => s.openai.clientAborted === 1 && s.anthropic.clientAborted === 1);
    expect([stats.openai.open, stats.anthropic.open]).toEqual([0, 0]);
  });

  it('an SDK with retries rides out a 429 that says to retry at once', async () => {
    sim.setConfig({ openai: { status: 429, failTimes: 2, retryAfterSeconds: 0 } });
    const client = new OpenAI({ apiKey: 'k', baseURL: sim.baseUrls.openai, maxRetries: 2, timeout: 5_000 });
    const completion = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'kettle' }] });
    expect(completion.choices[0]!.message.content).toBe(simulatedAuditAnswer('openai', 'kettle'));
    expect(sim.stats().openai).toMatchObject({ received: 3, failed: 2, answered: 1 });
  });

  it('the default config applies to every provider, each counting its own failTimes', async () => {
    sim.setConfig({ default: { status: 503, failTimes: 1 }, gemini: { status: 500 } });
    for (const provider of ['openai', 'anthropic', 'xai'] as const) {
      expect(await rejectionOf(ask(sim, provider, { user: 'q' }))).toMatchObject({ status: 503 });
      expect(await ask(sim, provider, { user: 'q' })).toBe(simulatedAuditAnswer(provider, 'q'));
    }
    expect(await rejectionOf(ask(sim, 'gemini', { user: 'q' }))).toMatchObject({ status: 500 });
    expect(await ask(sim, 'gemini', { user: 'q' })).toBe(simulatedAuditAnswer('gemini', 'q'));
  });
});

describe('latency under load', () => {
  it('keeps 300 concurrent requests in flight and answers each after its latency', async () => {
    sim.setConfig({ default: { latencyMs: 3000 } });
    const started = performance.now();
    const calls = Array.from({ length: 300 }, async (_, i) => {
      const provider = SIM_PROVIDERS[i % SIM_PROVIDERS.length]!;
      const t0 = performance.now();
      await ask(sim, provider, { user: `query ${i}`, timeoutMs: 10_000 });
      return performance.now() - t0;
    });
    const peak = await waitForStats(sim, (s) => SIM_PROVIDERS.reduce((sum, p) => sum + s[p].open, 0) === 300, 2_500);
    expect(SIM_PROVIDERS.map((p) => peak[p].answered)).toEqual(SIM_PROVIDERS.map(() => 0));
    const durations = await Promise.all(calls);
    const total = performance.now() - started;
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(2995);
    // Very generous for a loaded machine: queued one behind another they would take 300 × 3 s = 900 s.
    expect(total).toBeLessThan(30_000);
    expect(SIM_PROVIDERS.reduce((sum, p) => sum + sim.stats()[p].answered, 0)).toBe(300);
  }, 60_000);
});

describe('close()', () => {
  it('destroys hung connections instead of waiting for them', async () => {
    const own = await startModelSimulator({ config: { xai: { hang: true } } });
    const pending = rejectionOf(ask(own, 'xai', { user: 'x', timeoutMs: 30_000 }));
    await waitForStats(own, (s) => s.xai.hung === 1);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError);
  });
});
