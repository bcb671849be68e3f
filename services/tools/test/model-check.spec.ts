import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIM_MODELS, startModelSimulator, type RunningModelSimulator } from '@agency/model-sim';
import { MODEL_PROVIDER_IDS, type ModelProviderId } from '@agency/shared';
import { checkProviders } from '../src/cli/providers-check.js';
import { DEFAULT_MODELS, loadToolsConfig, type ProviderSettings } from '../src/config/tools-config.js';
import { checkConfiguredModels, offeredModels } from '../src/models/model-check.js';

let sim: RunningModelSimulator;
beforeAll(async () => {
  sim = await startModelSimulator();
});
afterAll(() => sim.close());

function providers(models: Partial<Record<ModelProviderId, string>> = {}, apiKey = 'test-key'): Record<ModelProviderId, ProviderSettings> {
  return Object.fromEntries(MODEL_PROVIDER_IDS.map((id) => [id, { apiKey, baseUrl: sim.baseUrls[id], model: models[id] ?? DEFAULT_MODELS[id] }])) as Record<ModelProviderId, ProviderSettings>;
}

describe('the start-up model check', () => {
  it("reads each provider's models list through its SDK, as the simulator answers it", async () => {
    for (const id of MODEL_PROVIDER_IDS) {
      expect(await offeredModels(id, providers()[id], AbortSignal.timeout(5000))).toEqual(SIM_MODELS[id]);
    }
  });

  it('passes the default models, which every provider lists', async () => {
    expect(await checkConfiguredModels(providers())).toEqual({ missing: [], unreadable: [] });
  });

  it('names the variable of each model its provider does not offer', async () => {
    const { missing } = await checkConfiguredModels(providers({ xai: 'grok-4', gemini: 'gemini-2.5-flash' }));
    expect(missing.sort()).toEqual([
      'GEMINI_MODEL is "gemini-2.5-flash", which Gemini does not list for this API key; set GEMINI_MODEL to a model it lists.',
      'XAI_MODEL is "grok-4", which Grok does not list for this API key; set XAI_MODEL to a model it lists.',
    ]);
  });

  it('asks nothing of a provider without a key', async () => {
    // An address nothing answers: asking it would leave the list unreadable.
    const keyless = Object.fromEntries(
      MODEL_PROVIDER_IDS.map((id) => [id, { apiKey: undefined, baseUrl: 'http://127.0.0.1:9', model: 'no-such-model' }]),
    ) as Record<ModelProviderId, ProviderSettings>;
    expect(await checkConfiguredModels(keyless)).toEqual({ missing: [], unreadable: [] });
  });
});

describe('npm run providers:check', () => {
  it('asks each provider with a key one grounded question and prints what answered, how it ended, its searches, citations and tokens', async () => {
    const simulated = loadToolsConfig({ MODEL_SIMULATOR_URL: sim.url });
    const config = { ...simulated, providers: { ...simulated.providers, xai: { ...simulated.providers.xai, apiKey: undefined } } };
    sim.setConfig({ gemini: { ending: 'cut-off' } });
    const lines: string[] = [];
    expect(await checkProviders(config, (line) => lines.push(line))).toBe(true);
    sim.reset();
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^ChatGPT \(gpt-5\.5\): model gpt-5\.5; ending complete; searched yes \(\d billed search(es)?\); \d+ citations; \d+ input and \d+ output tokens$/);
    expect(lines[2]).toMatch(/^Gemini \(gemini-3\.5-flash\): model gemini-3\.5-flash; ending cut-off; /);
    expect(lines[3]).toBe('Grok (grok-4.5): skipped, XAI_API_KEY is not set.');
  });
});
