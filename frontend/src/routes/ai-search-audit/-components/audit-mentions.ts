import { wholeWordPattern } from '@agency/shared';

export interface TextSegment {
  text: string;
  mention: boolean;
}

/** Splits a model's answer around whole-word mentions of `subject` (the score's own rule), for highlighting. */
export function mentionSegments(answer: string, subject: string): TextSegment[] {
  const text = answer.normalize('NFC');
  const segments: TextSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(wholeWordPattern(subject))) {
    if (match.index > from) segments.push({ text: text.slice(from, match.index), mention: false });
    segments.push({ text: match[0], mention: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), mention: false });
  return segments;
}
