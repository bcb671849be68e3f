import { MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type ModelProviderId } from '@agency/shared';

export const PROVIDER_IDS = MODEL_PROVIDER_IDS;
export type ProviderId = ModelProviderId;
export const PROVIDER_LABELS = MODEL_PROVIDER_LABELS;
