import type { z } from 'zod';
import { AUDIT_TOOL } from '../audit/audit.tool.js';
import { SEMANTIC_EXPANSION_TOOL } from '../semantic-expansion/semantic-expansion.tool.js';
import { IMAGE_TOOL } from '../image/image.tool.js';
import { CRAWLER_LOG_TOOL } from '../crawler-log/crawler-log.tool.js';

/**
 * Every tool of the service. A new tool is a folder with its `<tool>.tool.ts`, its handler
 * (registered in worker/tool-job-handlers.ts), its controller (in the API module) and a line here.
 */
export const TOOLS = [AUDIT_TOOL, SEMANTIC_EXPANSION_TOOL, IMAGE_TOOL, CRAWLER_LOG_TOOL] as const;

export type Tool = (typeof TOOLS)[number];
export type ToolJobName = Tool['name'];
export type ToolOf<N extends ToolJobName> = Extract<Tool, { name: N }>;
export type PayloadOf<N extends ToolJobName> = z.output<ToolOf<N>['payload']>;
export type AnswerOf<N extends ToolJobName> = NonNullable<ToolOf<N>['answer']>;

/** The definition of the tool whose jobs are named `name`. */
export function toolNamed<N extends ToolJobName>(name: N): ToolOf<N> {
  return TOOLS.find((tool) => tool.name === name) as ToolOf<N>;
}
