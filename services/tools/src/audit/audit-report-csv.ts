import {
  AUDIT_MODEL_KEYS,
  brandVisibilityScore,
  citedDomain,
  csvCell,
  CSV_BYTE_ORDER_MARK,
  isOwnSite,
  SEARCH_ENGINE_IDS as MODEL_PROVIDER_IDS,
  MODEL_PROVIDER_LABELS,
  websiteCitedBy,
  wholePercent,
  type AuditBrandVisibility,
  type AuditReport,
} from '@agency/shared';

const COLUMNS = [
  'section',
  'engine',
  'model',
  'answer',
  'position',
  'brand',
  'answers naming it',
  'answers',
  'visibility %',
  'range low %',
  'range high %',
  'share of voice %',
  'average position',
  'first position',
  'url',
  'title',
  'text',
] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string | number>>;

/**
 * The report as CSV: the headline figures first (the brand's and each competitor's visibility,
 * whether the visitor's site was cited, the next steps with their basis, the gap domains and
 * memory per engine), then one row per answer, per brand and engine, and per citation. The figures are the stored ones, as the report page shows them. The email is never
 * part of a report.
 */
export function auditReportCsv(report: AuditReport): string {
  const rows: Row[] = [{ section: 'query', text: report.query }, { section: 'brand', text: report.brand ?? '' }, { section: 'date', text: report.createdAt }];
  if (report.simulated) rows.push({ section: 'note', text: 'Simulated answers (demo mode): no real model was asked.' });
  if (report.visibility) rows.push(...visibilityRows('visibility', report.visibility));
  for (const competitor of report.competitorVisibility ?? []) rows.push(...visibilityRows('competitor visibility', competitor));
  if (report.website) {
    const citedBy = websiteCitedBy(report.runAnswers, report.website);
    const engines = MODEL_PROVIDER_IDS.filter((id) => citedBy[AUDIT_MODEL_KEYS[id]]).map((id) => MODEL_PROVIDER_LABELS[id]);
    rows.push({ section: 'site cited', url: report.website, text: engines.length > 0 ? `yes, by ${engines.join(', ')}` : 'no' });
  }
  report.nextSteps.forEach((step, index) => rows.push({ section: 'next step', position: index + 1, title: step.basis, url: step.href ?? '', text: step.text }));
  for (const gap of report.gapDomains) rows.push({ section: 'gap domain', brand: gap.competitors.join('; '), answers: gap.answers, url: gap.domain });
  for (const id of MODEL_PROVIDER_IDS) {
    const memory = report.memory[AUDIT_MODEL_KEYS[id]];
    if (memory && memory.mentioned !== null) {
      rows.push({ section: 'memory', engine: MODEL_PROVIDER_LABELS[id], brand: report.visibility?.brand ?? '', text: `${memory.mentioned ? 'known' : 'not known'} from memory${memory.reading ? `: ${memory.reading}` : ''}` });
    }
  }
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
  const cell = (value: string | number | undefined) => csvCell(value === undefined ? '' : String(value));
  const lines = [COLUMNS.map(cell).join(','), ...rows.map((row) => COLUMNS.map((column) => cell(row[column])).join(','))];
  return `${CSV_BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** One subject's headline row (every engine together), then one per engine that answered. */
function visibilityRows(section: string, visibility: AuditBrandVisibility): Row[] {
  const rows: Row[] = [
    {
      section,
      brand: visibility.brand,
      'answers naming it': visibility.mentionedIn,
      answers: visibility.answers,
      'visibility %': brandVisibilityScore(visibility),
      'range low %': wholePercent(visibility.low),
      'range high %': wholePercent(visibility.high),
      'share of voice %': wholePercent(visibility.shareOfVoice),
      'average position': visibility.averagePosition ?? '',
    },
  ];
  for (const id of MODEL_PROVIDER_IDS) {
    const engine = visibility.engines[AUDIT_MODEL_KEYS[id]];
    if (!engine) continue;
    rows.push({ section, engine: MODEL_PROVIDER_LABELS[id], brand: visibility.brand, 'answers naming it': engine.mentionedIn, answers: engine.answers, 'visibility %': brandVisibilityScore(engine) });
  }
  return rows;
}
