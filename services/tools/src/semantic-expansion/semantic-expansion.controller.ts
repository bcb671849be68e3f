import { BadRequestException, Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import type { SemanticExpansionAnswer } from '../jobs/tool-jobs.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { normaliseWebsiteUrl, WebsiteInputError } from '../website/website-url.js';
import { SemanticExpansionInput } from './semantic-expansion.dto.js';

@Controller('api/query-fan-out')
export class SemanticExpansionController {
  constructor(
    private readonly queue: ToolQueue,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /** Generates the query fan-out and checks the visitor's site against it. */
  @Post()
  @HttpCode(200)
  @UseGuards(ToolRateLimitGuard)
  run(@Body() input: SemanticExpansionInput, @ProgressRequestId() progressId?: string): Promise<SemanticExpansionAnswer> {
    let website: URL;
    try {
      website = normaliseWebsiteUrl(input.website, this.config.siteCheck);
    } catch (error) {
      if (error instanceof WebsiteInputError) throw new BadRequestException(error.message);
      throw error;
    }
    return this.queue.run('semantic-expansion', { keyword: input.keyword, website: website.toString(), email: input.email, progressId });
  }
}
