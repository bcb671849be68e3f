import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { faqGroups, SITE_SEARCH_LIMITS, type SiteSearchKind, type SiteSearchResult, type SnippetPart } from '@agency/shared';
import { DataSource } from 'typeorm';

/** Marks around matched words in ts_headline's output: control characters no stored text keeps. */
const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

/** The FAQ is fixed copy (shared with the site's /faq page), searched as rows passed in. */
const FAQ_ROWS = faqGroups.flatMap((group) => group.items.map((item) => ({ group: group.id, question: item.question, answer: item.answer })));

/**
 * One query over every published post, case study and video and the FAQ. Each document is
 * weighted title A, summary B, body C, ranked with ts_rank_cd (matches close together count more)
 * and cut to the best results; the snippet is ts_headline over the summary and body, with the
 * blog's light markup (`**`, `*`, `__`, `[text](url)`) taken out first. websearch_to_tsquery reads
 * what a visitor types ("quoted phrases", or, -word) and never fails on syntax.
 */
const SEARCH_SQL = `
WITH query AS (SELECT websearch_to_tsquery('english', $1) AS q),
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
),
matched AS (
  SELECT d.kind, d.key, d.title, d.summary, d.body, query.q,
         ts_rank_cd(
           setweight(to_tsvector('english', d.title), 'A') ||
           setweight(to_tsvector('english', d.summary), 'B') ||
           setweight(to_tsvector('english', d.body), 'C'),
           query.q) AS rank
    FROM documents d, query
   WHERE (setweight(to_tsvector('english', d.title), 'A') ||
          setweight(to_tsvector('english', d.summary), 'B') ||
          setweight(to_tsvector('english', d.body), 'C')) @@ query.q
   ORDER BY rank DESC, d.title
   LIMIT $5
)
SELECT kind, key, title,
       ts_headline('english', translate(trim(summary || ' ' || body), $6, ''), q, $7) AS snippet
  FROM matched
 ORDER BY rank DESC, title`;

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

  /** `query` is already trimmed and within limits (site-search.controller.ts). */
  async search(query: string): Promise<SiteSearchResult[]> {
    const rows = await this.dataSource.query<SearchRow[]>(SEARCH_SQL, [
      query,
      FAQ_ROWS.map((row) => row.group),
      FAQ_ROWS.map((row) => row.question),
      FAQ_ROWS.map((row) => row.answer),
      SITE_SEARCH_LIMITS.maxResults,
      `${START}${STOP}`,
      HEADLINE_OPTIONS,
    ]);
    return rows.map((row) => ({ kind: row.kind, title: row.title, path: pathOf(row.kind, row.key), snippet: snippetParts(row.snippet) }));
  }
}
