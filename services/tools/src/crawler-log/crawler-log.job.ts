import { z } from 'zod';

/** The job name and the one name of the tool. */
export const CRAWLER_LOG_JOB_NAME = 'crawler-log';

export interface CrawlerLogPayload {
  email: string;
  /** Redis list of the upload's pieces (crawler-log-upload-store.ts); deleted once read. */
  uploadKey: string;
  /** The upload's size as received (possibly gzip). */
  uploadBytes: number;
  fileName: string | null;
  /** The visitor's site, normalised by the API (https://host/), whose robots.txt is read; or null. */
  site: string | null;
}

/**
 * The job's facts that the API and the worker both need: its data's shape, its deadline and its
 * model calls. The tool's definition (crawler-log.tool.ts) adds the worker's handler and the record.
 */
export const CRAWLER_LOG_JOB = {
  name: CRAWLER_LOG_JOB_NAME,
  payload: z.object({
    email: z.string(),
    uploadKey: z.string(),
    uploadBytes: z.number(),
    fileName: z.string().nullable(),
    site: z.string().nullable(),
  }) satisfies z.ZodType<CrawlerLogPayload>,
  /** Reading 50 MB (400 MB once inflated) takes seconds; robots.txt is read beside it. No model is asked. */
  deadlineMs: ({ queueWaitMs }: { modelDeadlineMs: number; queueWaitMs: number }): number => queueWaitMs + 60_000,
  modelCalls: (): number => 0,
} as const;
