import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type AuditAnswer, type AuditCitation, type SearchEngineId } from '@agency/shared';
import type { ModelProgress } from '../../../api/tool-progress-state';

/** What an answer cites and searched for; `grounded` is unknown for answers that do not say. */
export interface AnswerSources {
  citations: AuditCitation[];
  searchQueries: string[];
  grounded?: boolean;
}

/**
 * What one model's card shows: waiting while the audit runs, then one of four outcomes. An
 * answer cut off by the model's length limit is shown marked as such; Gemini's answers carry
 * Google's Search Suggestions.
 */
export type AuditModelCardState =
  | { kind: 'waiting' }
  | ({ kind: 'active'; answer: string; cutOff?: boolean; searchSuggestions?: string } & AnswerSources)
  | { kind: 'declined'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'unavailable' };

/** The card's line when the engine declined to answer. */
export function declinedText(provider: SearchEngineId): string {
  return `${MODEL_PROVIDER_LABELS[provider]} declined to answer this question.`;
}

export const UNAVAILABLE_TEXT = 'Service temporarily unavailable';
const FAILED_FALLBACK = 'This model could not answer.';

/** The four models in the site's order (ChatGPT, Claude, Gemini, Grok). */
export const AUDIT_MODELS = MODEL_PROVIDER_IDS.map((provider) => ({ provider, label: MODEL_PROVIDER_LABELS[provider] }));

/** The engines an audit shows: the four always, and Perplexity beside them when it was asked (its key is set, or demo mode). */
export function auditEnginesOf(answer: Pick<AuditAnswer, 'runAnswers' | 'errors' | 'endings'>): { provider: SearchEngineId; label: string }[] {
  const asked = answer.runAnswers?.perplexity !== undefined || answer.errors?.perplexity !== undefined || answer.endings?.perplexity !== undefined;
  return asked ? [...AUDIT_MODELS, { provider: 'perplexity', label: MODEL_PROVIDER_LABELS.perplexity }] : [...AUDIT_MODELS];
}

/** The engines a set of per-engine figures covers: the four, and Perplexity when it has figures. */
export function enginesWithFigures(engines: Partial<Record<string, unknown>>): { provider: SearchEngineId; label: string }[] {
  return engines.perplexity === undefined ? [...AUDIT_MODELS] : [...AUDIT_MODELS, { provider: 'perplexity', label: MODEL_PROVIDER_LABELS.perplexity }];
}

/** An error wins; else a response is 'Active'; with neither the model is 'Unavailable'. */
export function cardFromAnswer(answer: AuditAnswer, provider: SearchEngineId): AuditModelCardState {
  const key = AUDIT_MODEL_KEYS[provider];
  const error = answer.errors[key];
  if (error) return { kind: 'error', message: error };
  const ending = answer.endings?.[key];
  if (ending === 'refused') return { kind: 'declined', message: declinedText(provider) };
  const response = answer.responses[key];
  const suggestions = answer.searchSuggestions?.[key];
  if (response?.trim()) {
    return {
      kind: 'active',
      answer: response,
      ...(ending === 'cut-off' ? { cutOff: true } : {}),
      ...(suggestions ? { searchSuggestions: suggestions } : {}),
      ...sources(answer.citations?.[key], answer.searchQueries?.[key], answer.grounded?.[key]),
    };
  }
  return { kind: 'unavailable' };
}

/** A card while the audit runs, from the live progress stream. */
export function cardFromProgress(progress: ModelProgress, provider?: SearchEngineId): AuditModelCardState {
  switch (progress.status) {
    case 'waiting':
      return { kind: 'waiting' };
    case 'answered':
      if (progress.ending === 'refused' && provider) return { kind: 'declined', message: declinedText(provider) };
      return {
        kind: 'active',
        answer: progress.answer ?? '',
        ...(progress.ending === 'cut-off' ? { cutOff: true } : {}),
        ...sources(progress.citations, progress.searchQueries, progress.grounded),
      };
    case 'failed':
      return { kind: 'error', message: progress.message ?? FAILED_FALLBACK };
    case 'unavailable':
      return { kind: 'unavailable' };
  }
}

function sources(citations: AuditCitation[] | undefined, searchQueries: string[] | undefined, grounded: boolean | undefined): AnswerSources {
  return {
    citations: Array.isArray(citations) ? citations : [],
    searchQueries: Array.isArray(searchQueries) ? searchQueries : [],
    ...(typeof grounded === 'boolean' ? { grounded } : {}),
  };
}
