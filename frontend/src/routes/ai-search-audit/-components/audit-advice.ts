import type { AuditSummaryFigures } from '@agency/shared';

/**
 * The summary's advice about the visitor's brand: it differs when no answer names it, and says so
 * plainly when no model answered at all.
 */
export function visibilityAdvice(subject: string, { mentionedIn, answers }: Pick<AuditSummaryFigures, 'mentionedIn' | 'answers'>): string {
  if (answers === 0) {
    return 'None of the models answered this time, so there is no score yet. Please run the analysis again in a few minutes.';
  }
  if (mentionedIn === 0) {
    return (
      `None of the answers mentioned ${subject}. AI assistants recommend the brands they find described ` +
      'clearly and consistently across sources they trust. Start with a baseline of what the models read about you, then ' +
      'build the content and citations that earn a place in these answers.'
    );
  }
  if (mentionedIn >= answers) {
    return (
      `Every answer mentioned ${subject}. Keep it that way: track these answers over time and check the ` +
      'other questions your customers ask, where competitors may still lead.'
    );
  }
  return (
    `${subject} appears in ${mentionedIn} of ${answers} answers. The answers that leave you out are your opportunity: ` +
    'see which brands they recommend instead and close the gaps in the content and citations they rely on.'
  );
}

/** A shopper-style version of a question that rarely names brands ("best … to buy in the UK"). */
export function shopperRewrite(query: string): string {
  const topic = query
    .trim()
    .replace(/[?.!]+$/, '')
    .replace(/^(what|which|how|why|is|are|do|does|can)\b.*?\b(for|about|of)\s+/i, '');
  return /^best\b/i.test(topic) ? `${topic} to buy in the UK` : `best ${topic} to buy in the UK`;
}

/** Said when the answers name fewer than two brands each, on average. */
export function fewBrandsAdvice(query: string, perAnswer: number): string {
  return (
    `This question rarely gets brands named: ${perAnswer.toFixed(1)} per answer on average. ` +
    `Shoppers who are ready to buy ask for recommendations; try a question such as “${shopperRewrite(query)}”.`
  );
}
