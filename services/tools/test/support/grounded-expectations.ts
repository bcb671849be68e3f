import type { AuditCitation, ModelProviderId } from '@agency/shared';
import { citedSources, simulatedSearch, type SimulatedSearch } from '@agency/model-sim';

export interface ExpectedGrounded {
  text: string;
  citations: AuditCitation[];
  searchQueries: string[];
}

/**
 * What the audit answers for a simulated engine's grounded answer, whatever its wire format: the
 * sentences as the simulator wrote them, each cited one followed by " [n]…" (sources numbered in
 * the order first cited); Gemini's titles are the site names its chunks carry, and only Claude
 * quotes the page. `variant` is which of the simulator's answers to the question (the first by default).
 */
export function expectedGrounded(provider: ModelProviderId, query: string, citedSite?: string, variant = 0): ExpectedGrounded {
  const search = simulatedSearch(provider, query, { citedSite, variant });
  return { text: markedText(search), citations: expectedCitations(provider, search), searchQueries: search.queries };
}

function markedText(search: SimulatedSearch): string {
  const numbers = new Map<number, number>();
  return search.paragraphs
    .map((sentences) =>
      sentences
        .map(({ text, cites }) => {
          if (cites.length === 0) return text;
          const marks = cites.map((cited) => {
            if (!numbers.has(cited)) numbers.set(cited, numbers.size + 1);
            return `[${numbers.get(cited)}]`;
          });
          return `${text} ${marks.join('')}`;
        })
        .join(' '),
    )
    .join('\n\n');
}

function expectedCitations(provider: ModelProviderId, search: SimulatedSearch): AuditCitation[] {
  return citedSources(search).map((source) => ({
    url: source.url,
    title: provider === 'gemini' ? new URL(source.url).hostname.replace(/^www\./, '') : source.title,
    ...(provider === 'anthropic' ? { citedText: source.excerpt } : {}),
  }));
}
