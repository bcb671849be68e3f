import { SEMANTIC_EXPANSION_MAX_QUERIES, type SemanticExpansionQuery, type SemanticExpansionType } from '@agency/shared';
import { tokenize } from '../website/passage-matcher.js';
import type { GeneratedPass, GeneratedQuery } from './semantic-expansion-prompts.js';

/** Two queries whose content words overlap this much (Jaccard) are one query worded twice. */
export const NEAR_DUPLICATE_OVERLAP = 0.8;

interface Cluster {
  terms: Set<string>;
  wordings: GeneratedQuery[];
  passes: Set<number>;
  firstSeen: number;
}

/**
 * Merges independent generation passes: near-duplicates become one query, whose weight is the
 * share of passes that produced it. Heaviest first, then in the order first seen; at most 25.
 */
export function mergePasses(passes: readonly GeneratedPass[]): SemanticExpansionQuery[] {
  const clusters: Cluster[] = [];
  let order = 0;
  passes.forEach((pass, passIndex) => {
    for (const query of pass.queries) {
      const terms = new Set(tokenize(query.query));
      const match = clusters.find((cluster) => isNearDuplicate(cluster.terms, terms));
      if (match) {
        match.wordings.push(query);
        match.passes.add(passIndex);
      } else {
        clusters.push({ terms, wordings: [query], passes: new Set([passIndex]), firstSeen: order });
      }
      order++;
    }
  });
  const passCount = Math.max(passes.length, 1);
  return clusters
    .map((cluster) => ({ cluster, weight: cluster.passes.size / passCount }))
    .sort((a, b) => b.weight - a.weight || a.cluster.firstSeen - b.cluster.firstSeen)
    .slice(0, SEMANTIC_EXPANSION_MAX_QUERIES)
    .map(({ cluster, weight }) => {
      const type = mostCommon(cluster.wordings.map((wording) => wording.type));
      const wording = cluster.wordings.find((candidate) => candidate.type === type) ?? cluster.wordings[0]!;
      return { ...wording, type, weight: Math.round(weight * 100) / 100 };
    });
}

export function isNearDuplicate(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / (a.size + b.size - shared) >= NEAR_DUPLICATE_OVERLAP;
}

function mostCommon(types: SemanticExpansionType[]): SemanticExpansionType {
  const counts = new Map<SemanticExpansionType, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  let best = types[0]!;
  for (const [type, count] of counts) if (count > (counts.get(best) ?? 0)) best = type;
  return best;
}

/** The reasoning of the pass whose query count is the median, so the stated "why" fits a typical pass. */
export function medianCountReasoning(passes: readonly GeneratedPass[]): string {
  const sorted = [...passes].sort((a, b) => a.queries.length - b.queries.length);
  return sorted[Math.floor((sorted.length - 1) / 2)]?.countReasoning ?? '';
}
