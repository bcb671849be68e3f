import { IMAGE_MODEL_KEYS, MODEL_PROVIDER_IDS, type AnalysedImage, type ImageAnalysisRecord, type MainImageCheck } from '@agency/shared';
import { z } from 'zod';
import type { ImageAnswer } from '../jobs/tool-jobs.js';
import { answerType, cellText, type CsvColumn, defineTool } from '../tools/tool-definition.js';
import { analysedImageOf, ImageAnalysisEntity } from './image-analysis.entity.js';

const MAIN_IMAGE_CHECK_IDS = ['white-background', 'frame-fill', 'zoom', 'file-type'] as const satisfies readonly MainImageCheck['id'][];

/** What an image job carries. */
export interface ImagePayload {
  email: string;
  /**
   * Redis key of the upload's bytes (image/image-upload-store.ts); the worker replaces it with the
   * normalised JPEG (`normalisedJpegBase64`) before asking any model and deletes the upload.
   */
  uploadKey?: string;
  normalisedJpegBase64?: string;
  /** Amazon's main-image checks, measured on the upload before it is discarded. */
  mainImageChecks?: MainImageCheck[];
  /** The upload's type, size in pixels and bytes, measured with the checks; kept with the stored analysis. */
  image?: AnalysedImage;
}

const payload: z.ZodType<ImagePayload> = z.object({
  email: z.string(),
  uploadKey: z.string().optional(),
  normalisedJpegBase64: z.string().optional(),
  mainImageChecks: z
    .array(z.object({ id: z.enum(MAIN_IMAGE_CHECK_IDS), label: z.string(), pass: z.boolean(), figure: z.string(), rule: z.string() }))
    .optional(),
  image: z.object({ type: z.string(), width: z.number(), height: z.number(), bytes: z.number() }).optional(),
});

export function toImageAnalysisRecord(row: ImageAnalysisEntity): ImageAnalysisRecord {
  return {
    id: row.id,
    email: row.email,
    image: analysedImageOf(row),
    models: row.models,
    mainImageChecks: row.mainImageChecks,
    disagreement: row.disagreement,
    altText: row.altText,
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
  };
}

const modelColumns = MODEL_PROVIDER_IDS.map((id): CsvColumn<ImageAnalysisRecord> => {
  const key = IMAGE_MODEL_KEYS[id];
  return [key, (record) => cellText(record.models[key])];
});

/** The AI Image Reader: what each model reads in a product photo, and Amazon's main-image checks. */
export const IMAGE_TOOL = defineTool({
  name: 'image',
  title: 'AI Image Reader',
  payload,
  answer: answerType<ImageAnswer>(),
  // Decoding and resizing a 10 MB photo takes about a second.
  deadlineMs: ({ modelDeadlineMs, queueWaitMs }) => modelDeadlineMs + queueWaitMs + 5000,
  // Every configured model once.
  modelCalls: (configuredModels) => configuredModels,
  subscriberSource: 'ai-image-reader',
  record: {
    entity: ImageAnalysisEntity,
    adminPath: 'image-analyses',
    csvName: 'image-analyses',
    // The address, the suggested alt text and what each model read (the models column as text).
    searched: `(record.email || ' ' || record.alt_text || ' ' || record.models::text)`,
    notFound: 'Image analysis not found.',
    toRecord: toImageAnalysisRecord,
    // The upload's facts, each model's reading as JSON text, the checks and the disagreement line.
    csvColumns: [
      ['id', (record) => String(record.id)],
      ['submitted_at', (record) => record.createdAt],
      ['email', (record) => record.email],
      ['image_type', (record) => record.image?.type ?? ''],
      ['width', (record) => (record.image ? String(record.image.width) : '')],
      ['height', (record) => (record.image ? String(record.image.height) : '')],
      ['bytes', (record) => (record.image ? String(record.image.bytes) : '')],
      ...modelColumns,
      ['main_image_checks', (record) => JSON.stringify(record.mainImageChecks)],
      ['disagreement', (record) => record.disagreement ?? ''],
      ['alt_text', (record) => record.altText],
      ['simulated', (record) => (record.simulated ? 'yes' : 'no')],
    ],
    noun: ['image analysis', 'image analyses'],
    personKey: 'imageAnalyses',
    leadQuestion: "''",
  },
});
