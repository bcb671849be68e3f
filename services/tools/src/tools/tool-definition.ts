import type { PersonToolRecords, SubscriberSource } from '@agency/shared';
import type { ObjectLiteral } from 'typeorm';
import type { z } from 'zod';

/** What a tool's deadline is computed from (MODEL_DEADLINE_MS, TOOLS_QUEUE_WAIT_MS). */
export interface ToolTimings {
  modelDeadlineMs: number;
  queueWaitMs: number;
}

/** What a tool's model calls per job are computed from: the configured providers and the repeat settings. */
export interface ModelCallCounts {
  /** AUDIT_RUNS */
  auditRuns: number;
  /** FAN_OUT_PASSES */
  semanticExpansionPasses: number;
}

/** One CSV column: its header and its cell, read from the admin API's record. */
export type CsvColumn<Rec> = readonly [header: string, cell: (record: Rec) => string];

/**
 * How a tool's stored runs reach the admin: the entity the worker writes and the admin reads,
 * its address under /api/admin (list, `/export` and `/:id`), what the search box looks in, the
 * record the API answers and the CSV export's columns.
 */
export interface ToolRecordDefinition<Row extends ObjectLiteral, Rec> {
  /** TypeORM entity class; registered with every data source of the service. */
  entity: new () => Row;
  /** GET /api/admin/{adminPath}, /api/admin/{adminPath}/export, /api/admin/{adminPath}/{id}. */
  adminPath: string;
  /** The export's file name stem (csvFileName adds the date). */
  csvName: string;
  /** SQL over the alias `record` that the admin search box (q) matches; a trigram index should hold it. */
  searched: string;
  /** The 404's sentence for an id that is not stored. */
  notFound: string;
  toRecord(this: void, row: Row): Rec;
  csvColumns: readonly CsvColumn<Rec>[];
  /** What the activity log calls one record and several ("audit", "audits"). */
  noun: readonly [one: string, many: string];
  /**
   * Whether the erasure's log sentence names the tool when the person had no record of it
   * ("0 audits"); false keeps the sentence short for a tool few people use. Default true.
   */
  namedWhenNone?: boolean;
  /** The record's list in the person view's answer and the erasure receipt. */
  personKey: keyof PersonToolRecords;
  /** SQL over the alias `record` that a staff email quotes as the lead's question ('' for none). */
  leadQuestion: string;
}

/**
 * Everything the tools service knows about one tool, in one place. Job names, the job-data check,
 * deadlines, the daily model-call budget, the entities, the admin reads, the person view, erasure
 * and the staff digest are all derived from the TOOLS list. The worker's handler for a tool is
 * registered beside the worker (worker/tool-job-handlers.ts), so the API, which reads these
 * definitions, never loads a handler.
 */
export interface ToolDefinition<N extends string = string, Payload = unknown, Answer = unknown, Row extends ObjectLiteral = ObjectLiteral, Rec = unknown> {
  /** The job name and the tool's one internal name. */
  name: N;
  /** What staff emails call it. */
  title: string;
  /** Job names this tool's jobs had before (accepted from Redis for one release after a rename). */
  formerNames?: readonly string[];
  /** Checks a job's payload (the request extras are added by jobs/tool-jobs.ts) before the handler runs. */
  payload: z.ZodType<Payload>;
  /** Type only, never set: what a job answers. */
  answer?: Answer;
  /** How long the HTTP caller waits for the job's answer. */
  deadlineMs(timings: ToolTimings): number;
  /** Model calls one job starts, for the daily ceiling (0 for a tool that asks no model). */
  modelCalls(configuredModels: number, counts: ModelCallCounts): number;
  record: ToolRecordDefinition<Row, Rec>;
  /** The CRM webhook's lead type (`lead.<kind>`) when it is not the name: receivers match on it. */
  webhookKind?: string;
  /** The subscribers' "source" of a sign-up made with this tool's form. */
  subscriberSource: Exclude<SubscriberSource, 'newsletter'>;
}

/** The gateway gives up on a request after 120 s; every tool answers before that. */
export const GATEWAY_MARGIN_MS = 115_000;

/**
 * Declares a tool: the identity function, there to check the object against the shape while
 * keeping its literal name and types.
 */
export function defineTool<N extends string, Payload, Answer, Row extends ObjectLiteral, Rec>(
  tool: ToolDefinition<N, Payload, Answer, Row, Rec>,
): ToolDefinition<N, Payload, Answer, Row, Rec> {
  return tool;
}

/** Plain text of a value for a CSV cell. */
export const cellText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** Type only: names a tool's answer type in its definition (`answer: answerType<AuditAnswer>()`). */
export function answerType<Answer>(): Answer | undefined {
  return undefined;
}

/**
 * A tool as code serving every tool sees it: its payload and answer types left out, its record
 * type open (each caller keeps its own through `Row` and `Rec`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every tool's record type differs
export type AnyToolDefinition<Row extends ObjectLiteral = ObjectLiteral, Rec = any> = Omit<ToolDefinition<string, unknown, unknown, Row, Rec>, 'payload' | 'answer'>;
