import type { AuditVisibility } from '@agency/shared';

/**
 * The summary's advice: it differs when nobody mentions the name, and says so plainly
 * when no model answered at all. Without a brand the score is about our own name, so the advice
 * asks for the visitor's brand.
 */
export function visibilityAdvice(visibility: AuditVisibility): string {
  const { subject, mentions, respondingModels, brandGiven } = visibility;
  if (respondingModels === 0) {
    return 'None of the models answered this time, so there is no score yet. Please run the analysis again in a few minutes.';
  }
  const addBrand = brandGiven ? '' : ' Add your brand name to the form to see how visible your own brand is.';
  if (mentions === 0) {
    return (
      `None of the models that answered mentioned ${subject}. AI assistants recommend the brands they find described ` +
      'clearly and consistently across sources they trust. Start with a baseline of what the models read about you, then ' +
      `build the content and citations that earn a place in these answers.${addBrand}`
    );
  }
  if (mentions >= respondingModels) {
    return (
      `Every model that answered mentioned ${subject}. Keep it that way: track these answers over time and check the ` +
      `other questions your customers ask, where competitors may still lead.${addBrand}`
    );
  }
  return (
    `${subject} appears in ${mentions} of ${respondingModels} answers. The models that leave you out are your opportunity: ` +
    `see which brands they recommend instead and close the gaps in the content and citations they rely on.${addBrand}`
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
