/** Each vision model shows at most three findings. */
export const FINDINGS_SHOWN = 3;

export const ANALYSIS_FAILED_TEXT = 'Analysis failed';

/** Shown when a model's text parses as JSON but is not a list: three lines. */
export const PLACEHOLDER_FINDINGS = [
  'This model did not return its findings as a list.',
  'Its answer could not be shown as separate findings.',
  'Compare with the other models, or run the analysis again.',
] as const;

export type ModelFindings =
  | { kind: 'findings'; findings: string[] }
  | { kind: 'placeholder'; findings: readonly string[] }
  | { kind: 'unavailable' | 'failed'; message: string };

/**
 * Reads one model's text from POST /api/analyze-image. A JSON list gives its first
 * three findings; otherwise a text saying 'unavailable' or 'failed', or one that does not parse,
 * is shown as it is (or 'Analysis failed' when empty); JSON that is not a list gives placeholders.
 * Findings are plain text: callers render them as text, never as HTML.
 */
export function readModelFindings(text: string | undefined): ModelFindings {
  const trimmed = (text ?? '').trim();
  let parsed: unknown;
  let parses = false;
  try {
    parsed = JSON.parse(trimmed);
    parses = true;
  } catch {
    // Not JSON: a sentence from the service, or a broken answer.
  }

  if (parses && Array.isArray(parsed)) {
    const findings = parsed.map(findingText).filter((finding) => finding !== '');
    if (findings.length === 0) return { kind: 'failed', message: ANALYSIS_FAILED_TEXT };
    return { kind: 'findings', findings: findings.slice(0, FINDINGS_SHOWN) };
  }
  if (/unavailable/i.test(trimmed)) return { kind: 'unavailable', message: trimmed };
  if (/failed/i.test(trimmed)) return { kind: 'failed', message: trimmed };
  if (parses) return { kind: 'placeholder', findings: PLACEHOLDER_FINDINGS };
  return { kind: 'failed', message: trimmed || ANALYSIS_FAILED_TEXT };
}

function findingText(item: unknown): string {
  if (typeof item === 'string') return item.trim();
  if (typeof item === 'number' || typeof item === 'boolean') return String(item);
  return '';
}
