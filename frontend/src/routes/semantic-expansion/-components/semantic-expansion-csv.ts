import { csvDocument, type SemanticExpansionAnswer } from '@agency/shared';

const COLUMNS = ['query', 'type', 'weight', 'user intent', 'reasoning', 'routing format', 'coverage', 'coverage reason', 'page', 'best passage'];

/** The expansion's queries with their coverage, one row per query in the answer's order (heaviest first). */
export function semanticExpansionCsv(answer: SemanticExpansionAnswer): string {
  const coverageOf = new Map(answer.websiteAnalysis.map((item) => [item.query, item]));
  const rows = answer.fanOut.map((item) => {
    const coverage = coverageOf.get(item.query);
    return [
      item.query,
      item.type,
      String(item.weight),
      item.userIntent,
      item.reasoning,
      item.routingFormat,
      coverage?.coverage ?? 'not-checked',
      coverage?.reason ?? '',
      coverage?.url ?? '',
      coverage?.content ?? '',
    ];
  });
  return csvDocument(COLUMNS, rows);
}

/** A file name from the keyword: "semantic-expansion-protein-bars-for-kids.csv". */
export function csvFileName(keyword: string): string {
  const slug = keyword
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `semantic-expansion${slug ? `-${slug}` : ''}.csv`;
}

/** Saves the CSV (which starts with its byte-order mark) through a temporary object URL. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
