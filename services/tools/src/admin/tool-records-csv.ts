import { csvDocument, IMAGE_MODEL_KEYS, MODEL_PROVIDER_IDS, type AuditRecord, type FanOutRecord, type ImageAnalysisRecord } from '@agency/shared';

/** A record list's export from its definition's columns (header, cell). */
export function recordsCsv<R>(columns: readonly (readonly [string, (record: R) => string])[], records: readonly R[]): string {
  return csvDocument(
    columns.map(([header]) => header),
    records.map((record) => columns.map(([, cell]) => cell(record))),
  );
}

/** Parsed stored JSON, or the text itself when it does not parse (old or hand-made rows). */
function answersOf(response: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(response);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { text: response };
  } catch {
    return { text: response };
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** The LLM Queries tab's export: one row per audit, each engine's answer in its own column. */
export function auditRecordsCsv(records: readonly AuditRecord[]): string {
  return csvDocument(
    ['id', 'submitted_at', 'email', 'query', 'brand', 'model', 'chatgpt', 'claude', 'gemini', 'grok', 'citations', 'search_queries'],
    records.map((record) => {
      const answers = answersOf(record.response);
      return [
        String(record.id),
        record.createdAt,
        record.email,
        record.query,
        record.brand ?? '',
        record.model,
        text(answers.openai ?? answers.text),
        text(answers.claude),
        text(answers.gemini),
        text(answers.grok),
        JSON.stringify(record.citations ?? {}),
        JSON.stringify(record.searchQueries ?? {}),
      ];
    }),
  );
}

/** The Semantic Expansion tab's export: the stored results as JSON text beside the request. */
export function fanOutRecordsCsv(records: readonly FanOutRecord[]): string {
  return csvDocument(
    ['id', 'submitted_at', 'email', 'keyword', 'website', 'results'],
    records.map((record) => [String(record.id), record.createdAt, record.email, record.keyword, record.website, record.results]),
  );
}

const IMAGE_KEYS = MODEL_PROVIDER_IDS.map((id) => IMAGE_MODEL_KEYS[id]);

/** The Image Analyses tab's export: the upload's facts, each model's reading as JSON text, the checks and the disagreement line. */
export function imageAnalysesCsv(records: readonly ImageAnalysisRecord[]): string {
  return csvDocument(
    ['id', 'submitted_at', 'email', 'image_type', 'width', 'height', 'bytes', ...IMAGE_KEYS, 'main_image_checks', 'disagreement', 'alt_text', 'simulated'],
    records.map((record) => [
      String(record.id),
      record.createdAt,
      record.email,
      record.image?.type ?? '',
      record.image ? String(record.image.width) : '',
      record.image ? String(record.image.height) : '',
      record.image ? String(record.image.bytes) : '',
      ...IMAGE_KEYS.map((key) => text(record.models[key])),
      JSON.stringify(record.mainImageChecks),
      record.disagreement ?? '',
      record.altText,
      record.simulated ? 'yes' : 'no',
    ]),
  );
}
