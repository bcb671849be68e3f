import type { SearchEngineId } from './model-providers.js';
import type { AuditCitation } from './tool-answers.js';

/**
 * Live progress of a tool request (audit, semantic expansion, image reader).
 *
 * 1. The page picks a request id: a UUID v4 (`crypto.randomUUID()`).
 * 2. It opens `GET /api/tool-progress/{requestId}`, a server-sent event stream. A malformed id
 *    answers 400 JSON. Each SSE message has an `id:` line and a `data:` line holding one
 *    ToolProgressEvent as JSON (no `event:` line, so `EventSource.onmessage` receives them all).
 *    Events that happened before the stream connected are replayed first (they are kept about a
 *    minute); a reconnect with Last-Event-ID gets only the events after that id.
 * 3. It POSTs the tool request as usual with the header TOOL_REQUEST_ID_HEADER set to the same id.
 *    The POST body and answer keep their usual shapes; without the header nothing is reported.
 * 4. The stream's last message is a `done` event, after which the server closes it: the page must
 *    then close its EventSource (a browser reconnects to a closed stream otherwise). A reconnect
 *    after `done` answers 204, which stops the browser from retrying. A stream whose job never
 *    reports (an unknown id) ends with `done` / `timed-out` after the longest tool deadline.
 *
 * The final results always come from the POST answer; progress only tells the page what happened so far.
 */

export type ToolName = 'audit' | 'semantic-expansion' | 'image' | 'crawler-log';

export const TOOL_REQUEST_ID_HEADER = 'X-Tool-Request-Id';
export const TOOL_PROGRESS_PATH = '/api/tool-progress';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A request id is a lower-case UUID v4, as `crypto.randomUUID()` makes it. */
export function isToolRequestId(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

export function toolProgressUrl(requestId: string): string {
  return `${TOOL_PROGRESS_PATH}/${requestId}`;
}

/** A model's state on the page: every model starts `waiting`; events move it on. */
export type ModelProgressStatus = 'waiting' | 'answered' | 'failed' | 'unavailable';

export const SEMANTIC_EXPANSION_STAGES = ['generating-queries', 'reading-website', 'judging-coverage'] as const;
export type SemanticExpansionStage = (typeof SEMANTIC_EXPANSION_STAGES)[number];

export const SEMANTIC_EXPANSION_STAGE_LABELS: Record<SemanticExpansionStage, string> = {
  'generating-queries': 'Generating related queries',
  'reading-website': 'Reading your website',
  'judging-coverage': 'Checking which queries your site answers',
};

/** A stage's state on the page: `pending` until its first event. */
export type StageProgressStatus = 'pending' | 'running' | 'finished' | 'failed' | 'skipped';

export type ToolProgressEvent =
  /** A worker has taken the job off the queue. */
  | { type: 'started'; tool: ToolName }
  /**
   * Audit and image reader: one model has finished. `message` is the readable reason of a
   * `failed` model; `answer` is exactly the text the POST answer will hold for this model (audit:
   * the answer text, when answered; image: the JSON list of findings or the failure sentence).
   * An answered audit model also carries what the POST answer will hold for it in `citations`,
   * `searchQueries` and `grounded`.
   */
  | {
      type: 'model';
      provider: SearchEngineId;
      status: Exclude<ModelProgressStatus, 'waiting'>;
      message?: string;
      answer?: string;
      citations?: AuditCitation[];
      searchQueries?: string[];
      grounded?: boolean;
      /** Audit: the answer was cut off or refused (absent when complete). */
      ending?: 'cut-off' | 'refused';
    }
  /**
   * Audit: one of an engine's `runs` answers has come back (answered or failed); the counts are
   * the engine's so far. Its `model` event follows the first answered run, or the last run when
   * none answered.
   */
  | { type: 'run'; provider: SearchEngineId; answered: number; failed: number; runs: number }
  /** Semantic expansion: a stage has started or ended; `message` says what came of it ("12 queries"). */
  | { type: 'stage'; stage: SemanticExpansionStage; status: Exclude<StageProgressStatus, 'pending'>; message?: string }
  /** The last event. `failed` carries the readable reason the POST will also answer with. */
  | { type: 'done'; outcome: 'completed' | 'failed' | 'timed-out'; message?: string };

export type ToolProgressEventType = ToolProgressEvent['type'];
