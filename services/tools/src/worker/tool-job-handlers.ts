import type { Type } from '@nestjs/common';
import { AuditHandler } from '../audit/audit.handler.js';
import { SemanticExpansionHandler } from '../semantic-expansion/semantic-expansion.handler.js';
import { ImageHandler } from '../image/image.handler.js';
import { CrawlerLogHandler } from '../crawler-log/crawler-log.handler.js';
import type { ToolJobName } from '../jobs/tool-jobs.js';
import type { ToolJobHandler } from './tool-job-handler.js';

/**
 * The worker's half of each tool's definition: the handler class of each job name. Kept apart
 * from the definitions, which the API reads too, so that the API never loads a handler. A tool
 * without a handler (or a handler for a job name no tool has) does not compile.
 */
export const TOOL_JOB_HANDLER_CLASSES: { readonly [N in ToolJobName]: Type<ToolJobHandler<N>> } = {
  audit: AuditHandler,
  'semantic-expansion': SemanticExpansionHandler,
  image: ImageHandler,
  'crawler-log': CrawlerLogHandler,
};
