import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, citedDomain, isOwnSite, type AuditReport } from '@agency/shared';

const COLUMNS = ['section', 'engine', 'model', 'answer', 'position', 'brand', 'answers naming it', 'first position', 'url', 'title', 'text'] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string | number>>;

/**
 * A spreadsheet cell that cannot run as a formula: text starting with =, +, -, @, tab or carriage
 * return gets a leading apostrophe (OWASP's advice for CSV injection); every cell is quoted.
 */
export function csvCell(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The report as CSV: one row per answer, per brand and engine, and per citation. The email is never part of a report. */
export function auditReportCsv(report: AuditReport): string {
  const rows: Row[] = [{ section: 'query', text: report.query }, { section: 'brand', text: report.brand ?? '' }, { section: 'date', text: report.createdAt }];
  if (report.simulated) rows.push({ section: 'note', text: 'Simulated answers (demo mode): no real model was asked.' });
  for (const id of MODEL_PROVIDER_IDS) {
    const key = AUDIT_MODEL_KEYS[id];
    (report.runAnswers[key] ?? []).forEach((answer, index) => {
      const base = { engine: MODEL_PROVIDER_LABELS[id], model: report.models[key] ?? '', answer: index + 1 };
      rows.push({ section: 'answer', ...base, text: answer.text });
      answer.brands.forEach((brand, at) => rows.push({ section: 'answer brand', ...base, position: at + 1, brand }));
      for (const citation of answer.citations) {
        rows.push({ section: 'citation', ...base, url: citation.url, title: citation.title, text: isOwnSite(citation.url, report.website) ? 'your site' : (citedDomain(citation.url) ?? '') });
      }
    });
  }
  for (const brand of report.brands) {
    for (const id of MODEL_PROVIDER_IDS) {
      const key = AUDIT_MODEL_KEYS[id];
      if (!report.runAnswers[key]?.length) continue;
      rows.push({ section: 'brand', engine: MODEL_PROVIDER_LABELS[id], brand: brand.name, 'answers naming it': brand.mentions[key] ?? 0, 'first position': brand.firstPosition[key] ?? '' });
    }
  }
  const lines = [COLUMNS.map(csvCell).join(','), ...rows.map((row) => COLUMNS.map((column) => csvCell(row[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
