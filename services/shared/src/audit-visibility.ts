/**
 * How a name is found in an answer: whole word means no letter, digit or underscore of any script
 * directly before or after the name; the name is matched literally (regex characters are escaped),
 * with any run of whitespace matching any other, and straight and curly apostrophes matching each
 * other ("L'Oréal", "L’Oréal"). Both sides are compared in Unicode NFC form. The brand field may
 * list several names of one brand separated by commas (brandAliases): any of them counts. A
 * sentence saying nothing was found about the name ("I couldn't find information about X") is
 * not a mention (withoutRefusals).
 */

/** Per-model badge of the audit summary, shown when the visitor gave a brand. */
export type BrandMentionStatus = 'mentioned' | 'not-mentioned' | 'no-response';

export const BRAND_MENTION_LABELS: Record<BrandMentionStatus, string> = {
  mentioned: 'Mentioned',
  'not-mentioned': 'Not mentioned',
  'no-response': 'No response',
};

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
