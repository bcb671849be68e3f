import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { DEFAULT_AUDIT_MODEL } from '@agency/shared';
import type { AuditAnswer } from '../jobs/tool-jobs.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { AuditInput } from './audit.dto.js';

@Controller('api/llm-query')
export class AuditController {
  constructor(private readonly queue: ToolQueue) {}

  /** Asks the four models; answers once the job has finished: the query, and each model's response or error. */
  @Post()
  @HttpCode(200)
  @UseGuards(ToolRateLimitGuard)
  run(@Body() input: AuditInput, @ProgressRequestId() progressId?: string): Promise<AuditAnswer> {
    return this.queue.run('audit', { query: input.query, brand: input.brand ?? null, email: input.email, model: input.model ?? DEFAULT_AUDIT_MODEL, progressId });
  }
}
