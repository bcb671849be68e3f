/**
 * The one place that names the tools queue, its jobs, their payloads and their results.
 * The API enqueues through ToolQueue; the worker dispatches on the job name.
 */
import { hostname } from 'node:os';
import type { AuditAnswer, FanOutAnswer, ImageAnswer, ToolName, ToolProgressEvent } from '@agency/shared';

export type { AuditAnswer, AuditModelKey, FanOutAnswer, ImageAnswer, WebsiteAnalysisItem } from '@agency/shared';

export const TOOLS_QUEUE = 'tools';

/** A worker process's name in Redis CLIENT LIST and on every job it runs (processedBy). */
export function workerName(pid = process.pid): string {
  return `${hostname()}:${pid}`;
}

export const TOOL_JOB_NAMES = ['audit', 'fan-out', 'image'] as const satisfies readonly ToolName[];
export type ToolJobName = (typeof TOOL_JOB_NAMES)[number];

/**
 * What a job's data carries besides its payload: the page's request id when it asked for live
 * progress (header TOOL_REQUEST_ID_HEADER). Never part of the stored record.
 */
export interface ToolJobExtras {
  progressId?: string;
}

/** The data of a BullMQ progress event: which page request it belongs to, and what happened. */
export interface ToolProgressMessage {
  requestId: string;
  event: ToolProgressEvent;
}

export interface AuditPayload {
  query: string;
  brand: string | null;
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
}

export interface ToolPayloads {
  audit: AuditPayload;
  'fan-out': FanOutPayload;
  image: ImagePayload;
}

export interface ToolAnswers {
  audit: AuditAnswer;
  'fan-out': FanOutAnswer;
  image: ImageAnswer;
}

/**
 * A job's return value. Expected problems (an unreadable image, no model available) are
 * results with an HTTP status and a readable message, not thrown errors, so they are never retried.
 */
export type ToolJobResult<N extends ToolJobName> =
  | { ok: true; answer: ToolAnswers[N] }
  | { ok: false; status: 400 | 422 | 503 | 504; message: string };

/**
 * How long the HTTP caller waits for each kind of job: the model phases plus `queueWaitMs` for
 * waiting in the queue, capped inside the gateway's 120 s proxy timeout.
 */
export function requestDeadlineMs(name: ToolJobName, modelDeadlineMs: number, queueWaitMs: number): number {
  switch (name) {
    case 'audit':
      return modelDeadlineMs + queueWaitMs;
    case 'image':
      // Decoding and resizing a 10 MB photo takes about a second.
      return modelDeadlineMs + queueWaitMs + 5000;
    case 'fan-out':
      // Query generation (with the site crawl beside it), then the coverage judgement.
      return Math.min(2 * modelDeadlineMs + queueWaitMs + 5000, 115_000);
  }
}

/** Finished jobs are kept long enough for a late reader, and bounded in number. */
export const KEEP_FINISHED = {
  completed: { age: 15 * 60, count: 5000 },
  failed: { age: 24 * 3600, count: 5000 },
} as const;
