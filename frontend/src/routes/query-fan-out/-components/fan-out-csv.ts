import type { FanOutAnswer } from '@agency/shared';

const COLUMNS = ['query', 'type', 'weight', 'user intent', 'reasoning', 'routing format', 'coverage', 'coverage reason', 'page', 'best passage'];

/**
 * One cell: quoted when it holds a comma, quote or line break; a leading = + - @ (or tab/CR) is
 * prefixed with ' so that a spreadsheet never reads the text as a formula.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The fan-out with its coverage, one row per query in the answer's order (heaviest first). */
export function fanOutCsv(answer: FanOutAnswer): string {
  const coverageOf = new Map(answer.websiteAnalysis.map((item) => [item.query, item]));
  const rows = answer.fanOut.map((item) => {
    const coverage = coverageOf.get(item.query);
    return [
      item.query,
      item.type,
      item.weight,
      item.userIntent,
      item.reasoning,
      item.routingFormat,
      coverage?.coverage ?? 'not-checked',
      coverage?.reason ?? '',
      coverage?.url ?? '',
      coverage?.content ?? '',
    ];
  });
  return [COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
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

/** Saves the CSV through a temporary object URL (with a byte-order mark so Excel reads it as UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
