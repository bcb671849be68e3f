import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { faqGroups, SEARCHABLE_PAGES, SITE_SEARCH_LIMITS, type SiteSearchKind, type SiteSearchResult, type SnippetPart } from '@agency/shared';
import { DataSource } from 'typeorm';

/** Marks around matched words in ts_headline's output: control characters no stored text keeps. */
const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

/** Trigram similarity a site word needs to stand in for a word the visitor typed. */
const TYPO_SIMILARITY = 0.3;
/** Site words shortlisted by trigrams for each typed word. */
const CANDIDATES_PER_WORD = 10;
/** Shorter words are left as typed: too few trigrams to tell a typo from another word. */
const MIN_CORRECTED_LENGTH = 4;

/** The FAQ is fixed copy (shared with the site's /faq page), searched as rows passed in. */
const FAQ_ROWS = faqGroups.flatMap((group) => group.items.map((item) => ({ group: group.id, question: item.question, answer: item.answer })));

/**
 * Every searchable document: published posts (the blog's light markup, `**`, `*`, `__`,
 * `[text](url)`, taken out of the body), case studies, videos, the FAQ and the site's own pages
 * (the last two fixed copy, passed in as arrays). Parameters $2 to $8.
 */
const DOCUMENTS_SQL = `
documents AS (
  SELECT 'post' AS kind, slug AS key, title, excerpt AS summary,
         regexp_replace(regexp_replace(content, '\\[([^\\]]*)\\]\\([^)]*\\)', '\\1', 'g'), '\\*+|__', '', 'g') AS body
    FROM blog_posts WHERE published
  UNION ALL
  SELECT 'case-study', slug, title, summary, '' FROM search_lab_entries WHERE published
  UNION ALL
  SELECT 'video', youtube_id, title, description, '' FROM youtube_videos WHERE published
  UNION ALL
  SELECT 'faq', faq.group_id, faq.question, faq.answer, ''
    FROM unnest($2::text[], $3::text[], $4::text[]) AS faq(group_id, question, answer)
  UNION ALL
  SELECT 'page', page.path, page.title, page.summary, page.keywords
    FROM unnest($5::text[], $6::text[], $7::text[], $8::text[]) AS page(path, title, summary, keywords)
)`;

/**
 * One query over every document: each is weighted title A, summary B, body C, ranked with
 * ts_rank_cd (matches close together count more) and cut to the best results, documents whose
 * title matches the whole query first (a site page before a post of the same name); the snippet is
 * ts_headline over the summary and body. websearch_to_tsquery reads what a visitor types
 * ("quoted phrases", or, -word) and never fails on syntax.
 */
const SEARCH_SQL = `
WITH query AS (SELECT websearch_to_tsquery('english', $1) AS q),
${DOCUMENTS_SQL},
matched AS (
  SELECT d.kind, d.key, d.title, d.summary, d.body, query.q,
         ts_rank_cd(
           setweight(to_tsvector('english', d.title), 'A') ||
           setweight(to_tsvector('english', d.summary), 'B') ||
           setweight(to_tsvector('english', d.body), 'C'),
           query.q) AS rank,
         to_tsvector('english', d.title) @@ query.q AS title_match
    FROM documents d, query
   WHERE (setweight(to_tsvector('english', d.title), 'A') ||
          setweight(to_tsvector('english', d.summary), 'B') ||
          setweight(to_tsvector('english', d.body), 'C')) @@ query.q
   ORDER BY title_match DESC, d.kind = 'page' DESC, rank DESC, d.title
   LIMIT $9
)
SELECT kind, key, title,
       ts_headline('english', translate(trim(summary || ' ' || body), $10, ''), q, $11) AS snippet
  FROM matched
 ORDER BY title_match DESC, kind = 'page' DESC, rank DESC, title`;

/**
 * For each word of $1, the site's words most like it by trigram similarity (pg_trgm): a typo such
 * as "protien" shares a third of its trigrams with "protein", unrelated words far fewer. Trigrams
 * only shortlist; the edit distance picks (see nearestWord).
 */
const CANDIDATES_SQL = `
WITH ${DOCUMENTS_SQL.trim()},
vocabulary AS (
  SELECT DISTINCT word
    FROM documents, regexp_split_to_table(lower(title || ' ' || summary || ' ' || body), '[^[:alnum:]]+') AS word
   WHERE length(word) >= ${MIN_CORRECTED_LENGTH - 1}
)
SELECT typed.word AS typed, candidate.word AS candidate
  FROM unnest($1::text[]) AS typed(word)
  CROSS JOIN LATERAL (
    SELECT v.word FROM vocabulary v
     WHERE similarity(v.word, typed.word) >= ${TYPO_SIMILARITY}
     ORDER BY similarity(v.word, typed.word) DESC, v.word
     LIMIT ${CANDIDATES_PER_WORD}
  ) AS candidate`;

interface SearchRow {
  kind: SiteSearchKind;
  key: string;
  title: string;
  snippet: string;
}

function pathOf(kind: SiteSearchKind, key: string): string {
  switch (kind) {
    case 'post':
      return `/blog/${key}`;
    case 'case-study':
      return `/search-lab/${key}`;
    case 'video':
      return '/youtube-channel';
    case 'faq':
      return `/faq#faq-${key}`;
    case 'page':
      return key;
  }
}

/** ts_headline's marked text as runs of plain and matched text. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of marked.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (piece === '') continue;
    const match = index % 2 === 1;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}

@Injectable()
export class SiteSearchService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * `query` is already trimmed and within limits (site-search.controller.ts). When the words as
   * typed find nothing, the same search runs once more with each unknown word replaced by the
   * site's nearest word, and the answer names that query.
   */
  async search(query: string): Promise<{ results: SiteSearchResult[]; correctedQuery?: string }> {
    const results = await this.run(query);
    if (results.length > 0) return { results };
    const correctedQuery = await this.correct(query);
    if (correctedQuery === null) return { results };
    const corrected = await this.run(correctedQuery);
    return corrected.length > 0 ? { results: corrected, correctedQuery } : { results };
  }

  private async run(query: string): Promise<SiteSearchResult[]> {
    const rows = await this.dataSource.query<SearchRow[]>(SEARCH_SQL, [
      query,
      ...this.fixedDocuments(),
      SITE_SEARCH_LIMITS.maxResults,
      `${START}${STOP}`,
      HEADLINE_OPTIONS,
    ]);
    return rows.map((row) => ({ kind: row.kind, title: row.title, path: pathOf(row.kind, row.key), snippet: snippetParts(row.snippet) }));
  }

  /** The query with its plain words replaced by the site's nearest words, or null when nothing changes. */
  private async correct(query: string): Promise<string | null> {
    const tokens = query.split(' ');
    const words = [...new Set(tokens.filter(isPlainWord).map((token) => token.toLowerCase()))];
    if (words.length === 0) return null;
    const rows = await this.dataSource.query<{ typed: string; candidate: string }[]>(CANDIDATES_SQL, [words, ...this.fixedDocuments()]);
    const nearest = new Map(words.map((word) => [word, nearestWord(word, rows.filter((row) => row.typed === word).map((row) => row.candidate))]));
    let changed = false;
    const corrected = tokens.map((token) => {
      const replacement = isPlainWord(token) ? nearest.get(token.toLowerCase()) : null;
      if (!replacement || replacement === token.toLowerCase()) return token;
      changed = true;
      return replacement;
    });
    return changed ? corrected.join(' ') : null;
  }

  private fixedDocuments(): unknown[] {
    return [
      FAQ_ROWS.map((row) => row.group),
      FAQ_ROWS.map((row) => row.question),
      FAQ_ROWS.map((row) => row.answer),
      SEARCHABLE_PAGES.map((page) => page.path),
      SEARCHABLE_PAGES.map((page) => page.title),
      SEARCHABLE_PAGES.map((page) => page.summary),
      SEARCHABLE_PAGES.map((page) => page.keywords.join(', ')),
    ];
  }
}

/** A word worth correcting: letters and digits only (no quotes, "-word" or "or"), long enough. */
function isPlainWord(token: string): boolean {
  return token.length >= MIN_CORRECTED_LENGTH && /^[\p{L}\p{N}]+$/u.test(token) && token.toLowerCase() !== 'or';
}

/**
 * The candidate one typo away from `typed` (a letter wrong, missing, extra, or two swapped; two
 * for words of 8 letters or more), the closest first; `typed` itself when the site uses it.
 */
export function nearestWord(typed: string, candidates: string[]): string | null {
  if (candidates.includes(typed)) return typed;
  const allowed = typed.length >= 8 ? 2 : 1;
  let best: { word: string; distance: number } | null = null;
  for (const word of candidates) {
    const distance = editDistance(typed, word);
    if (distance <= allowed && (!best || distance < best.distance)) best = { word, distance };
  }
  return best?.word ?? null;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
