import {
  type AuditCitation,
  SEMANTIC_EXPANSION_STAGES,
  MODEL_PROVIDER_IDS,
  type SemanticExpansionStage,
  type ModelProgressStatus,
  type ModelProviderId,
  type StageProgressStatus,
  type ToolProgressEvent,
} from '@agency/shared';

export interface ModelProgress {
  status: ModelProgressStatus;
  message?: string;
  /** The model's text as its answer will hold it, once it has answered. */
  answer?: string;
  /** Audit: what the answer cites, what the model searched for, and whether it searched. */
  citations?: AuditCitation[];
  searchQueries?: string[];
  grounded?: boolean;
  /** Audit: the answer was cut off or refused (absent when complete). */
  ending?: 'cut-off' | 'refused';
  /** Audit: of the engine's `runs` answers, how many have come back answered or failed so far. */
  runs?: { answered: number; failed: number; total: number };
}

export interface StageProgress {
  status: StageProgressStatus;
  message?: string;
}

/** What a tool page knows about its running request (contract: @agency/shared tool-progress.ts). */
export interface ToolProgressState {
  /** `queued` until a worker takes the job, `running` while it works, `done` after its last event. */
  phase: 'queued' | 'running' | 'done';
  models: Record<ModelProviderId, ModelProgress>;
  stages: Record<SemanticExpansionStage, StageProgress>;
  outcome?: 'completed' | 'failed' | 'timed-out';
  /** The readable reason when the outcome is `failed`. */
  outcomeMessage?: string;
}

export function initialToolProgress(): ToolProgressState {
  return {
    phase: 'queued',
    models: Object.fromEntries(MODEL_PROVIDER_IDS.map((id) => [id, { status: 'waiting' }])) as Record<ModelProviderId, ModelProgress>,
    stages: Object.fromEntries(SEMANTIC_EXPANSION_STAGES.map((stage) => [stage, { status: 'pending' }])) as Record<SemanticExpansionStage, StageProgress>,
  };
}

/** The state after one event; events for unknown models or stages change nothing. */
export function applyToolProgress(state: ToolProgressState, event: ToolProgressEvent): ToolProgressState {
  switch (event.type) {
    case 'started':
      return state.phase === 'done' ? state : { ...state, phase: 'running' };
    case 'run': {
      // Only the models the page lists while it waits (Perplexity's answer shows in the results).
      if (!(event.provider in state.models)) return state;
      const current = state.models[event.provider as ModelProviderId];
      const runs = { answered: event.answered, failed: event.failed, total: event.runs };
      return { ...state, phase: state.phase === 'done' ? 'done' : 'running', models: { ...state.models, [event.provider]: { ...current, runs } } };
    }
    case 'model': {
      if (!(event.provider in state.models)) return state;
      const previous = state.models[event.provider as ModelProviderId];
      const next: ModelProgress = { status: event.status, ...(previous?.runs ? { runs: previous.runs } : {}) };
      if (event.message !== undefined) next.message = event.message;
      if (event.answer !== undefined) next.answer = event.answer;
      if (event.citations !== undefined) next.citations = event.citations;
      if (event.searchQueries !== undefined) next.searchQueries = event.searchQueries;
      if (event.grounded !== undefined) next.grounded = event.grounded;
      if (event.ending !== undefined) next.ending = event.ending;
      return { ...state, phase: state.phase === 'done' ? 'done' : 'running', models: { ...state.models, [event.provider]: next } };
    }
    case 'stage': {
      if (!(event.stage in state.stages)) return state;
      const next: StageProgress = { status: event.status };
      if (event.message !== undefined) next.message = event.message;
      return { ...state, phase: state.phase === 'done' ? 'done' : 'running', stages: { ...state.stages, [event.stage]: next } };
    }
    case 'done':
      return { ...state, phase: 'done', outcome: event.outcome, ...(event.message === undefined ? {} : { outcomeMessage: event.message }) };
  }
}

/** One SSE message's data as an event, or undefined when it is not one. */
export function parseToolProgressEvent(data: string): ToolProgressEvent | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { type?: unknown }).type === 'string') return parsed as ToolProgressEvent;
  } catch {
    // Not JSON: ignored.
  }
  return undefined;
}
