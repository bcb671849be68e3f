import { IMAGE_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type AnalysedImage, type ImageAnalysisRecord, type ImageModelKey } from '@agency/shared';

/** The image reader's models in the order the tool shows them, with their names. */
export const IMAGE_MODELS: { key: ImageModelKey; label: string }[] = MODEL_PROVIDER_IDS.map((id) => ({ key: IMAGE_MODEL_KEYS[id], label: MODEL_PROVIDER_LABELS[id] }));

/** e.g. "JPEG, 2000 × 1500 px, 1.2 MB"; empty when the upload's facts were not stored. */
export function describeImage(image: AnalysedImage | null): string {
  if (!image) return '';
  return `${image.type.toUpperCase()}, ${image.width.toLocaleString('en-GB')} × ${image.height.toLocaleString('en-GB')} px, ${formatBytes(image.bytes)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The distinct products the models read, joined: the record's headline in the list. */
export function imageProducts(record: Pick<ImageAnalysisRecord, 'models'>): string {
  const products = IMAGE_MODELS.map(({ key }) => record.models[key]?.product?.trim()).filter((product): product is string => Boolean(product));
  return [...new Set(products)].join(' / ');
}

export interface ImageSummary {
  image: string;
  /** Models with a stored entry, and those of them that answered. */
  asked: number;
  answered: number;
  checks: { passed: number; total: number } | null;
}

export function imageSummary(record: ImageAnalysisRecord): ImageSummary {
  const entries = IMAGE_MODELS.map(({ key }) => record.models[key]).filter((entry) => entry !== undefined);
  const checks = record.mainImageChecks;
  return {
    image: describeImage(record.image),
    asked: entries.length,
    answered: entries.filter((entry) => !entry.error).length,
    checks: checks.length ? { passed: checks.filter((check) => check.pass).length, total: checks.length } : null,
  };
}
