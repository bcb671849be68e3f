import { csvDocument, IMAGE_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type ImageReport } from '@agency/shared';
import { readStoredFindings } from './image-findings-text.js';

const COLUMNS = ['section', 'model', 'item', 'text'] as const;

/**
 * The report as CSV, with a UTF-8 byte-order mark so spreadsheets read "£" and curly quotes
 * right: the upload's facts, Amazon's main-image checks, what each model read, and the alt text.
 * Neither the email nor the image is part of a report.
 */
export function imageReportCsv(report: ImageReport): string {
  const rows: string[][] = [['date', '', '', report.createdAt]];
  if (report.simulated) rows.push(['note', '', '', 'Simulated readings (demo mode): no real model was asked.']);
  if (report.image) {
    rows.push(['image', '', 'type', report.image.type], ['image', '', 'size', `${report.image.width} × ${report.image.height} px`], ['image', '', 'bytes', String(report.image.bytes)]);
  }
  for (const check of report.mainImageChecks) rows.push(['main image check', '', check.label, `${check.pass ? 'Pass' : 'Fail'}: ${check.figure} (${check.rule})`]);
  for (const id of MODEL_PROVIDER_IDS) {
    const key = IMAGE_MODEL_KEYS[id];
    const model = MODEL_PROVIDER_LABELS[id];
    const reading = report.readings[key];
    const findings = readStoredFindings(report[key]);
    if (!reading || findings === null) {
      rows.push(['error', model, '', report[key]]);
      continue;
    }
    rows.push(['product', model, '', reading.product]);
    reading.labelText.forEach((line, index) => rows.push(['label text', model, String(index + 1), line]));
    findings.forEach((finding, index) => rows.push(['finding', model, String(index + 1), finding]));
  }
  if (report.disagreement) rows.push(['disagreement', '', '', report.disagreement]);
  if (report.consensus) rows.push(['consensus', '', '', report.consensus]);
  rows.push(['alt text', '', '', report.altText]);
  return csvDocument(COLUMNS, rows);
}
