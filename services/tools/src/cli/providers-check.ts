import { MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type ModelProviderId } from '@agency/shared';
import { loadToolsConfig, type ToolsConfig } from '../config/tools-config.js';
import type { GroundedAnswer, SearchRequest } from '../models/grounded-answer.js';
import { createProviders } from '../models/model-fleet.js';
import { classifyProviderError } from '../models/provider-error.js';

/** One tiny grounded question: a few sentences, a search or two. */
export const CHECK_REQUEST: SearchRequest = {
  system: 'The person asking is a shopper in the UK. Answer in plain text, in two sentences.',
  query: 'best reusable water bottle',
  maxOutputTokens: 2000,
  maxSearches: 1,
};

const ENV_PREFIX: Record<ModelProviderId, string> = { openai: 'OPENAI', anthropic: 'ANTHROPIC', gemini: 'GEMINI', xai: 'XAI' };

/** One provider's line: what answered, how it ended, what it searched and cited, and its tokens. */
export function describeAnswer(label: string, answer: GroundedAnswer): string {
  return [
    `${label}: model ${answer.model ?? '(not given)'}`,
    `ending ${answer.ending}`,
    `searched ${answer.searched ? 'yes' : 'no'} (${answer.usage.searches} billed ${answer.usage.searches === 1 ? 'search' : 'searches'})`,
    `${answer.citations.length} ${answer.citations.length === 1 ? 'citation' : 'citations'}`,
    `${answer.usage.inputTokens} input and ${answer.usage.outputTokens} output tokens`,
  ].join('; ');
}

/** Asks each provider with a key the check question (same provider code as the tools); none without a key. */
export async function checkProviders(config: ToolsConfig, print: (line: string) => void): Promise<boolean> {
  const providers = createProviders(config);
  let ok = true;
  for (const id of MODEL_PROVIDER_IDS) {
    const provider = providers[id];
    const label = `${MODEL_PROVIDER_LABELS[id]} (${config.providers[id].model})`;
    if (!provider.configured) {
      print(`${label}: skipped, ${ENV_PREFIX[id]}_API_KEY is not set.`);
      continue;
    }
    try {
      print(describeAnswer(label, await provider.search(CHECK_REQUEST, AbortSignal.timeout(config.modelDeadlineMs))));
    } catch (error) {
      ok = false;
      print(`${label}: failed. ${classifyProviderError(error, MODEL_PROVIDER_LABELS[id]).message}`);
    }
  }
  return ok;
}

/** `npm run providers:check`: one grounded question per configured provider, with real keys (docs/operations.md). */
async function main(): Promise<void> {
  const config = loadToolsConfig();
  if (config.demoMode) console.log('Demo mode: these answers come from the model simulator, not the providers.');
  const ok = await checkProviders(config, (line) => console.log(line));
  process.exitCode = ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error('The provider check failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
