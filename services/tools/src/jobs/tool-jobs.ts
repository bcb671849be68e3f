/**
 * The seam between the tools API and the model workers: the queue's name, its jobs' names, what
 * each job carries and answers, and the messages both sides use. Neither side imports the other;
 * both import this folder.
 */
import { hostname } from 'node:os';
import type { AnalysedImage, AuditAnswer, CrawlerLogAnswer, FanOutAnswer, ImageAnswer, MainImageCheck, ToolName, ToolProgressEvent } from '@agency/shared';
import { z } from 'zod';
import { CRAWLER_LOG_JOB, type CrawlerLogPayload } from '../crawler-log/crawler-log.job.js';

export type { AuditAnswer, AuditModelKey, FanOutAnswer, ImageAnswer, WebsiteAnalysisItem } from '@agency/shared';

export const TOOLS_QUEUE = 'tools';

export const TOOL_JOB_NAMES = ['audit', 'fan-out', 'image', CRAWLER_LOG_JOB.name] as const satisfies readonly ToolName[];
export type ToolJobName = (typeof TOOL_JOB_NAMES)[number];

export function isToolJobName(name: string): name is ToolJobName {
  return (TOOL_JOB_NAMES as readonly string[]).includes(name);
}

export interface AuditPayload {
  query: string;
  brand: string | null;
  /** Brands measured beside the visitor's, each under its own name. */
  competitors?: string[];
  /** The visitor's own site, normalised by the API (https://host/...), or null. */
  website?: string | null;
  email: string;
  model: string;
}

export interface FanOutPayload {
  keyword: string;
  /** Already normalised by the API (https://host/...). */
  website: string;
  email: string;
}

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

export interface ToolPayloads {
  audit: AuditPayload;
  'fan-out': FanOutPayload;
  image: ImagePayload;
  'crawler-log': CrawlerLogPayload;
}

export interface ToolAnswers {
  audit: AuditAnswer;
  'fan-out': FanOutAnswer;
  image: ImageAnswer;
  'crawler-log': CrawlerLogAnswer;
}

/**
 * What a job's data carries besides its payload: the page's request id when it asked for live
 * progress, and the request id for the logs. Never part of the stored record.
 */
export interface ToolJobExtras {
  progressId?: string;
  /** The X-Request-Id of the HTTP request that queued the job: the worker logs every line about it with it. */
  requestId?: string;
}

export type ToolJobData<N extends ToolJobName> = ToolPayloads[N] & ToolJobExtras;

/** Every job the queue holds, its name tied to its data. */
export type ToolJobRequest = { [N in ToolJobName]: { name: N; data: ToolJobData<N> } }[ToolJobName];

/**
 * A job's return value. Expected problems (an unreadable image, no model available) are
 * results with an HTTP status and a readable message, not thrown errors, so they are never retried.
 */
export type ToolJobResult<N extends ToolJobName> =
  | { ok: true; answer: ToolAnswers[N] }
  | { ok: false; status: 400 | 413 | 422 | 503 | 504; message: string };

/** The data of a BullMQ progress event: which page request it belongs to, and what happened. */
export interface ToolProgressMessage {
  requestId: string;
  event: ToolProgressEvent;
}

/** A job that threw on its last attempt; the caller gets this, never the error itself. */
export const JOB_FAILED_MESSAGE = 'The analysis could not be completed. Please try again.';
/** A job whose caller's deadline passed before or while it ran. */
export const JOB_EXPIRED_MESSAGE = 'The analysis waited too long in the queue. Please try again.';

/** How each job is queued: one retry for a job that threw, finished jobs kept for a late reader, bounded in number. */
export const TOOL_JOB_OPTIONS = {
  attempts: 2,
  backoff: { type: 'fixed', delay: 500 },
  removeOnComplete: { age: 15 * 60, count: 5000 },
  removeOnFail: { age: 24 * 3600, count: 5000 },
} as const;

/** A job's data as a finished job keeps it: without the visitor's email address (any other shape as it is). */
export function withoutAddress(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('email' in data)) return data;
  const { email: _email, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** A worker process's name in Redis CLIENT LIST and on every job it runs (processedBy). */
export function workerName(pid = process.pid): string {
  return `${hostname()}:${pid}`;
}

const requestExtras = { progressId: z.string().optional(), requestId: z.string().optional() };

/**
 * What each job's data must hold. The worker checks it on taking the job: a job queued by an API
 * of another version, or written into Redis by hand, fails at once instead of inside a handler.
 */
const TOOL_JOB_DATA: { readonly [N in ToolJobName]: z.ZodType<ToolJobData<N>> } = {
  audit: z.object({ query: z.string(), brand: z.string().nullable(), competitors: z.array(z.string()).optional(), website: z.string().nullable().optional(), email: z.string(), model: z.string(), ...requestExtras }),
  'fan-out': z.object({ keyword: z.string(), website: z.string(), email: z.string(), ...requestExtras }),
  image: z.object({
    email: z.string(),
    uploadKey: z.string().optional(),
    normalisedJpegBase64: z.string().optional(),
    mainImageChecks: z
      .array(
        z.object({
          id: z.enum(['white-background', 'frame-fill', 'zoom', 'file-type']),
          label: z.string(),
          pass: z.boolean(),
          figure: z.string(),
          rule: z.string(),
        }),
      )
      .optional(),
    image: z.object({ type: z.string(), width: z.number(), height: z.number(), bytes: z.number() }).optional(),
    ...requestExtras,
  }),
  [CRAWLER_LOG_JOB.name]: CRAWLER_LOG_JOB.payload.extend(requestExtras),
};

/** The job's data as the `name` job's, or undefined when it does not have that shape. */
export function toolJobData<N extends ToolJobName>(name: N, data: unknown): ToolJobData<N> | undefined {
  const parsed = TOOL_JOB_DATA[name].safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
