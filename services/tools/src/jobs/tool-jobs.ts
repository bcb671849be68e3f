/**
 * The seam between the tools API and the model workers: the queue's name, its jobs' names, what
 * each job carries and answers, and the messages both sides use. Neither side imports the other;
 * both import this folder.
 */
import { hostname } from 'node:os';
import type { ToolName, ToolProgressEvent } from '@agency/shared';
import { z } from 'zod';
import { type AnswerOf, type PayloadOf, TOOLS, type ToolJobName } from '../tools/tools.js';

export type { AuditAnswer, AuditModelKey, SemanticExpansionAnswer, ImageAnswer, WebsiteAnalysisItem } from '@agency/shared';

export const TOOLS_QUEUE = 'tools';

/** The job names: one per tool, from the TOOLS list. */
export const TOOL_JOB_NAMES = TOOLS.map((tool) => tool.name) satisfies readonly ToolName[];
export type { ToolJobName };

export function isToolJobName(name: string): name is ToolJobName {
  return (TOOL_JOB_NAMES as readonly string[]).includes(name);
}

/**
 * The current name of a job queued under `name`: itself, or the tool's name when `name` is one
 * it had before (jobs queued by the previous release, still in Redis at a deploy).
 */
export function currentJobName(name: string): ToolJobName | undefined {
  return TOOLS.find((tool) => tool.name === name || tool.formerNames?.includes(name))?.name;
}

/** Each job name's payload and answer, as its tool declares them. */
export type ToolPayloads = { [N in ToolJobName]: PayloadOf<N> };
export type ToolAnswers = { [N in ToolJobName]: AnswerOf<N> };

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

const requestExtras = z.object({ progressId: z.string().optional(), requestId: z.string().optional() });

/**
 * What each job's data must hold: its tool's payload and the request extras. The worker checks it
 * on taking the job: a job queued by an API of another version, or written into Redis by hand,
 * fails at once instead of inside a handler.
 */
const TOOL_JOB_DATA = new Map<string, z.ZodType>(TOOLS.map((tool) => [tool.name, z.intersection(tool.payload, requestExtras)]));

/** The job's data as the `name` job's, or undefined when it does not have that shape. */
export function toolJobData<N extends ToolJobName>(name: N, data: unknown): ToolJobData<N> | undefined {
  const parsed = TOOL_JOB_DATA.get(name)?.safeParse(data);
  return parsed?.success ? (parsed.data as ToolJobData<N>) : undefined;
}
