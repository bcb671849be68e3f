import { wholeWordPattern, withoutRefusals } from '@agency/shared';

export interface TextSegment {
  text: string;
  /** The name this part mentions, when it is one: the visitor's brand (`own`) or another. */
  mention?: { own: boolean };
}

export interface HighlightName {
  name: string;
  own: boolean;
}

/**
 * Splits a model's answer around whole-word mentions of the names (the score's own rule), for
 * highlighting; the longest name wins where two overlap, and a refusal sentence is not a mention.
 */
export function mentionSegments(answer: string, names: readonly HighlightName[]): TextSegment[] {
  const text = answer.normalize('NFC');
  const searchable = withoutRefusals(text);
  const found: { start: number; end: number; own: boolean }[] = [];
  for (const { name, own } of names) {
    if (!name.trim()) continue;
    for (const match of searchable.matchAll(wholeWordPattern(name))) found.push({ start: match.index, end: match.index + match[0].length, own });
  }
  // The visitor's own name wins over the same name in the answer's brand list.
  found.sort((a, b) => a.start - b.start || b.end - a.end || Number(b.own) - Number(a.own));
  const segments: TextSegment[] = [];
  let from = 0;
  for (const hit of found) {
    if (hit.start < from) continue;
    if (hit.start > from) segments.push({ text: text.slice(from, hit.start) });
    segments.push({ text: text.slice(hit.start, hit.end), mention: { own: hit.own } });
    from = hit.end;
  }
  if (from < text.length) segments.push({ text: text.slice(from) });
  return segments;
}
