import { AUDIT_MODEL_KEYS, type AuditAnswer } from '@agency/shared';
import { enginesWithFigures } from './audit-model-states';

function answers(count: number): string {
  return count === 1 ? '1 answer' : `${count} answers`;
}

/** The answers left out of the figures: cut off at the model's length limit, or declined. */
export function endingCountLines(answer: Pick<AuditAnswer, 'endingCounts' | 'runAnswers'>): string[] {
  return enginesWithFigures(answer.endingCounts ?? {}).flatMap(({ provider, label }) => {
    const key = AUDIT_MODEL_KEYS[provider];
    const counts = answer.endingCounts?.[key];
    if (!counts || counts.cutOff + counts.refused === 0) return [];
    const complete = answer.runAnswers?.[key]?.length ?? 0;
    const parts = [`${answers(complete)} complete`];
    if (counts.cutOff > 0) parts.push(`${counts.cutOff} cut off`);
    if (counts.refused > 0) parts.push(`${counts.refused} declined to answer`);
    return [`${label}: ${parts.join(', ')}.`];
  });
}

/** Says which answers the figures leave out, and why; nothing when every answer was complete. */
export function AuditEndingCounts({ answer }: { answer: Pick<AuditAnswer, 'endingCounts' | 'runAnswers'> }) {
  const lines = endingCountLines(answer);
  if (lines.length === 0) return null;
  return (
    <div className="card audit-ending-counts" role="note">
      <p>Only complete answers are counted. Answers cut off at a model’s length limit, and questions a model declined to answer, are left out of the figures:</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
