import { PRODUCT_NAME } from './limits.js';
import { MODEL_PROVIDER_IDS, type ModelProviderId } from './model-providers.js';
import { AUDIT_MODEL_KEYS, type AuditAnswer } from './tool-answers.js';

/** Per-model badge of the audit summary, shown when the visitor gave a brand. */
export type BrandMentionStatus = 'mentioned' | 'not-mentioned' | 'no-response';

export const BRAND_MENTION_LABELS: Record<BrandMentionStatus, string> = {
  mentioned: 'Mentioned',
  'not-mentioned': 'Not mentioned',
  'no-response': 'No response',
};

export interface ModelVisibility {
  status: BrandMentionStatus;
  /** Whole-word occurrences of the name in this model's answer (0 without an answer). */
  occurrences: number;
}

export interface AuditVisibility {
  /** The name that was looked for: the brand, or PRODUCT_NAME when none was given. */
  subject: string;
  brandGiven: boolean;
  /** Models that answered with text (at most 4). */
  respondingModels: number;
  /** Responding models whose answer names the subject at least once. */
  mentions: number;
  /** Whole-word occurrences across every answer (a model naming it three times counts three). */
  occurrences: number;
  /** mentions ÷ respondingModels × 100, capped at 100, rounded to a whole percent; 0 without answers. */
  score: number;
  models: Record<ModelProviderId, ModelVisibility>;
}

/**
 * The audit summary's visibility score.
 *
 * A "mention" is one responding model whose answer names the subject (whole word, any case), so
 * a model that repeats the name cannot lift the score on its own: the score reads as "the share of
 * models that recommend you" and cannot pass 100 (the cap stays as a guard). Every occurrence is
 * counted too, separately, for display.
 *
 * Whole word means no letter, digit or underscore of any script directly before or after the
 * name; the name is matched literally (regex characters are escaped), with any run of whitespace
 * matching any other, and straight and curly apostrophes matching each other ("L'Oréal",
 * "L’Oréal"). Both sides are compared in Unicode NFC form. The brand field may list several
 * names separated by commas (brandAliases): any of them counts. A sentence saying nothing was found
 * about the name ("I couldn't find information about X") is not a mention (withoutRefusals).
 */
export function auditVisibility(answer: Pick<AuditAnswer, 'responses'>, brand?: string | null): AuditVisibility {
  const aliases = brandAliases(brand);
  const subject = aliases[0] ?? PRODUCT_NAME;
  const patterns = (aliases.length > 0 ? aliases : [subject]).map(wholeWordPattern);
  const models = {} as Record<ModelProviderId, ModelVisibility>;
  let respondingModels = 0;
  let mentions = 0;
  let occurrences = 0;
  for (const id of MODEL_PROVIDER_IDS) {
    const text = answer.responses[AUDIT_MODEL_KEYS[id]]?.trim();
    if (!text) {
      models[id] = { status: 'no-response', occurrences: 0 };
      continue;
    }
    respondingModels++;
    const clean = withoutRefusals(text.normalize('NFC'));
    const count = patterns.reduce((sum, pattern) => sum + countMatches(pattern, clean), 0);
    occurrences += count;
    if (count > 0) mentions++;
    models[id] = { status: count > 0 ? 'mentioned' : 'not-mentioned', occurrences: count };
  }
  return {
    subject,
    brandGiven: aliases.length > 0,
    respondingModels,
    mentions,
    occurrences,
    score: visibilityScore(mentions, respondingModels),
    models,
  };
}

/** mentions ÷ responding × 100, capped at 100 and rounded to a whole percent. */
export function visibilityScore(mentions: number, respondingModels: number): number {
  if (respondingModels <= 0) return 0;
  return Math.min(100, Math.round((mentions / respondingModels) * 100));
}

const APOSTROPHES = /['\u2018\u2019\u02bc]/u;

/** The name as a literal, whole-word, case-insensitive Unicode pattern. */
export function wholeWordPattern(name: string): RegExp {
  const parts = name
    .normalize('NFC')
    .trim()
    .split(/(\s+|['\u2018\u2019\u02bc])/u)
    .filter((part) => part !== '')
    .map((part) => {
      if (/^\s+$/u.test(part)) return '\\s+';
      if (APOSTROPHES.test(part)) return "['\u2018\u2019\u02bc]";
      return part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    });
  return new RegExp(`(?<![\\p{L}\\p{N}\\p{M}_])${parts.join('')}(?![\\p{L}\\p{N}\\p{M}_])`, 'giu');
}

function countMatches(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text) !== null) count++;
  return count;
}

const REFUSAL_PATTERNS = [
  /\b(?:I|we)\s+(?:couldn['’]?t|could\s+not|can['’]?t|cannot|was\s+unable\s+to|am\s+unable\s+to|wasn['’]?t\s+able\s+to|did\s+not|didn['’]?t)\s+(?:find|locate|verify|identify)\b/iu,
  /\b(?:I|we)\s+(?:don['’]?t|do\s+not)\s+have\s+(?:any\s+)?(?:reliable\s+|specific\s+|enough\s+)?(?:information|details|data)\b/iu,
  /\b(?:I['’]?m|I\s+am)\s+not\s+(?:aware\s+of|familiar\s+with)\b/iu,
  /\bno\s+(?:reliable\s+|specific\s+)?(?:information|results|reviews)\s+(?:about|on|for)\b/iu,
];

/** The text's sentences, each with its start offset. */
function sentencesOf(text: string): { text: string; start: number }[] {
  return [...text.matchAll(/[^.!?\n]+(?:[.!?]+|$)/gu)].map((match) => ({ text: match[0], start: match.index }));
}

/** A sentence saying the engine found nothing about something ("I couldn't find information about X"). */
export function isRefusalSentence(sentence: string): boolean {
  return REFUSAL_PATTERNS.some((pattern) => pattern.test(sentence));
}

/**
 * The text with its refusal sentences blanked out (same length, so offsets still hold): a name
 * mentioned only to say nothing was found about it is not a mention.
 */
export function withoutRefusals(text: string): string {
  let out = text;
  for (const sentence of sentencesOf(text)) {
    if (isRefusalSentence(sentence.text)) {
      out = out.slice(0, sentence.start) + ' '.repeat(sentence.text.length) + out.slice(sentence.start + sentence.text.length);
    }
  }
  return out;
}

/** An answer that is a refusal: it says it found nothing, and says little else. */
export function isRefusal(text: string): boolean {
  const refuses = sentencesOf(text).some((sentence) => isRefusalSentence(sentence.text));
  return refuses && withoutRefusals(text).trim().split(/\s+/).filter(Boolean).length < 40;
}

/** The names the visitor gave: the brand field may list several, separated by commas; each once. */
export function brandAliases(brand: string | null | undefined): string[] {
  const seen = new Set<string>();
  const aliases: string[] = [];
  for (const part of (brand ?? '').split(',')) {
    const name = part.normalize('NFC').trim().replace(/\s+/g, ' ');
    const key = name.toLocaleLowerCase('en-GB');
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push(name);
  }
  return aliases;
}
