import { BadRequestException, Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Res, UseGuards } from '@nestjs/common';
import { competitorNames, DEFAULT_AUDIT_MODEL, type AuditReport } from '@agency/shared';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import type { AuditAnswer } from '../jobs/tool-jobs.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { normaliseWebsiteUrl, WebsiteInputError } from '../website/website-url.js';
import { AUDIT_ANSWER_SCHEMA, AUDIT_RAW_ANSWERS_SCHEMA } from './audit-answer.schema.js';
import { auditReportCsv } from './audit-report-csv.js';
import { AuditReports, type AuditRawAnswers } from './audit-reports.js';
import { AuditInput } from './audit.dto.js';

@Controller('api/llm-query')
export class AuditController {
  constructor(
    private readonly queue: ToolQueue,
    private readonly reports: AuditReports,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /**
   * Asks the four models; answers once the job has finished: each model's answers, how each ended
   * (`endings`: complete, cut-off, refused or failed), the model each provider says answered
   * (`models`), the answers left out of the figures (`endingCounts`), Gemini's Search Suggestions
   * (`searchSuggestions`), the brands they name, and the report's id.
   */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: 'The audit: every engine’s answers and the figures made from them.', schema: AUDIT_ANSWER_SCHEMA })
  @UseGuards(ToolRateLimitGuard)
  run(@Body() input: AuditInput, @ProgressRequestId() progressId?: string): Promise<AuditAnswer> {
    let website: string | null = null;
    if (input.website) {
      try {
        website = normaliseWebsiteUrl(input.website, this.config.siteCheck).toString();
      } catch (error) {
        if (error instanceof WebsiteInputError) throw new BadRequestException(error.message);
        throw error;
      }
    }
    return this.queue.run('audit', {
      query: input.query,
      brand: input.brand ?? null,
      competitors: competitorNames(input.competitors),
      website,
      email: input.email,
      model: input.model ?? DEFAULT_AUDIT_MODEL,
      progressId,
    });
  }

  /**
   * A stored report as JSON, as CSV when the id ends in ".csv", or its raw answers when it ends in
   * ".json" (a download); 404 when unknown or expired.
   */
  @Get('reports/:file')
  @ApiOkResponse({
    description: 'The stored report (JSON), its CSV ({id}.csv), or its raw answers ({id}.json, a download).',
    content: {
      'application/json': { schema: { oneOf: [{ ...AUDIT_ANSWER_SCHEMA, description: 'GET …/reports/{id}: the report, with brand, website, competitors, simulated, createdAt and expiresAt.' }, AUDIT_RAW_ANSWERS_SCHEMA] } },
      'text/csv': { schema: { type: 'string' } },
    },
  })
  @Header('X-Robots-Tag', 'noindex')
  @Header('Cache-Control', 'no-store')
  async report(@Param('file') file: string, @Res({ passthrough: true }) res: Response): Promise<AuditReport | AuditRawAnswers | string> {
    if (file.endsWith('.json')) {
      const raw = await this.reports.rawAnswers(file.slice(0, -'.json'.length));
      res.setHeader('Content-Disposition', `attachment; filename="ai-search-audit-${raw.reportId}-answers.json"`);
      return raw;
    }
    const csv = file.endsWith('.csv');
    const report = await this.reports.find(csv ? file.slice(0, -'.csv'.length) : file);
    if (!csv) return report;
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="ai-search-audit-${report.reportId}.csv"`);
    return auditReportCsv(report);
  }
}
