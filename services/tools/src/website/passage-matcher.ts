import type { CrawledPage } from './site-crawler.js';

export interface PassageMatch {
  url: string;
  text: string;
  score: number;
}

// Okapi BM25 with the usual constants.
const K1 = 1.2;
const B = 0.75;

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers ' +
    'him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ' +
    'ours out over own same she should so some such than that the their theirs them then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you ' +
    'your yours'
  ).split(' '),
);

/** Lower-cased, accent-folded word stems without stop words; plurals and possessives reduced. */
export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu);
  if (words === null) return [];
  const tokens: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    const token = stem(word.replace(/['’]s$/, '').replace(/['’]/g, ''));
    if (token !== '') tokens.push(token);
  }
  return tokens;
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

interface IndexedPassage {
  url: string;
  text: string;
  termCounts: Map<string, number>;
  length: number;
}

/** The passages that best match a query by BM25, best first; ties keep page and passage order. */
export function findBestPassages(pages: CrawledPage[], query: string, limit = 3): PassageMatch[] {
  if (limit <= 0) return [];
  const queryTerms = [...new Set(tokenize(query))];
  if (queryTerms.length === 0) return [];

  const seen = new Set<string>();
  const passages: IndexedPassage[] = [];
  for (const page of pages) {
    for (const text of page.passages) {
      if (seen.has(text)) continue;
      seen.add(text);
      const tokens = tokenize(text);
      const termCounts = new Map<string, number>();
      for (const token of tokens) termCounts.set(token, (termCounts.get(token) ?? 0) + 1);
      passages.push({ url: page.url, text, termCounts, length: tokens.length });
    }
  }
  if (passages.length === 0) return [];

  const averageLength = passages.reduce((sum, passage) => sum + passage.length, 0) / passages.length || 1;
  const inverseFrequency = new Map<string, number>();
  for (const term of queryTerms) {
    const containing = passages.filter((passage) => passage.termCounts.has(term)).length;
    inverseFrequency.set(term, Math.log(1 + (passages.length - containing + 0.5) / (containing + 0.5)));
  }

  const scored = passages.map((passage, order) => {
    let score = 0;
    for (const term of queryTerms) {
      const frequency = passage.termCounts.get(term) ?? 0;
      if (frequency === 0) continue;
      const norm = frequency + K1 * (1 - B + (B * passage.length) / averageLength);
      score += (inverseFrequency.get(term) ?? 0) * ((frequency * (K1 + 1)) / norm);
    }
    return { url: passage.url, text: passage.text, score, order };
  });
  return scored
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ url, text, score }) => ({ url, text, score: Math.round(score * 1e6) / 1e6 }));
}
