import { TOOLS, type ToolJobName } from '../tools/tools.js';

/** Every tool's deadline, in milliseconds: how long its HTTP caller waits for the job's answer. */
export type ToolDeadlines = Readonly<Record<ToolJobName, number>>;

/**
 * Each tool's model phases plus `queueWaitMs` for waiting in the queue, as its definition says.
 * Computed once, by the config; the API's wait, the worker's job budget and the progress streams
 * all read it there.
 */
export function toolDeadlines(modelDeadlineMs: number, queueWaitMs: number): ToolDeadlines {
  return Object.fromEntries(TOOLS.map((tool) => [tool.name, tool.deadlineMs({ modelDeadlineMs, queueWaitMs })])) as Record<ToolJobName, number>;
}
