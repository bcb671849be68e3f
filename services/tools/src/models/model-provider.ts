import type { SearchEngineId } from '@agency/shared';
import type { GroundedAnswer, SearchRequest } from './grounded-answer.js';
import type { ModelRequest } from './model-request.js';

/** One provider behind its official SDK. Adapters throw; the fleet classifies, retries and times out. */
export interface ModelProvider {
  readonly id: SearchEngineId;
  readonly label: string;
  /** False when no API key is set: the provider reports itself unavailable and is never called. */
  readonly configured: boolean;
  /** A plain (or structured, or vision) call, answered from the model alone. */
  complete(request: ModelRequest, signal: AbortSignal): Promise<string>;
  /** The question in the engine's web-search mode, as a shopper asks it. */
  search(request: SearchRequest, signal: AbortSignal): Promise<GroundedAnswer>;
}

/** Providers without a native JSON-schema mode get the schema in their instructions. */
export function instructionsWithSchema(request: ModelRequest): string {
  if (!request.json) return request.system;
  return `${request.system}\n\nReply with one JSON object only, no prose and no code fences, matching this JSON Schema:\n${JSON.stringify(request.json.schema)}`;
}
