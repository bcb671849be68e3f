import { appendFileSync } from 'node:fs';

/**
 * One line of `make bench`'s summary. A benchmark prints its own details as it goes and reports
 * each headline figure here; the runner collects them from the file named by BENCH_RESULTS_FILE
 * (one JSON object per line, so any benchmark, in any language, can add its own).
 */
export interface BenchFigure {
  bench: string;
  figure: string;
  /** The measured value as printed, e.g. "0.93" or "412 ms". */
  value: string;
  /** What it was compared with, measured in the same run, e.g. "static file: 9,120 req/s". */
  baseline: string;
  /** e.g. "≥ 0.7"; empty for a figure printed for information only. */
  target: string;
  /** Whether the target was met; absent without a target. */
  met?: boolean;
}

export function reportFigure(figure: BenchFigure): void {
  const verdict = figure.met === undefined ? '' : figure.met ? '  (target met)' : '  (TARGET MISSED)';
  console.log(`   => ${figure.figure}: ${figure.value}   baseline ${figure.baseline}${figure.target ? `   target ${figure.target}` : ''}${verdict}`);
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const formatNumber = (value: number, digits = 0): string =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / 1024 / 1024, 2)} MB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${bytes} B`;
}

/** A plain text table; `align` has one letter per column, l or r (default: first left, the rest right). */
export function formatTable(header: string[], rows: string[][], { indent = '   ', align = '' }: { indent?: string; align?: string } = {}): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const left = (column: number) => (align[column] ?? (column === 0 ? 'l' : 'r')) === 'l';
  const line = (cells: string[]) =>
    indent + cells.map((cell, column) => (left(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
