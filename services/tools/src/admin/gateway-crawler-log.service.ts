import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { CRAWLER_LOG_MAX_BYTES, type CrawlerLogAnswer } from '@agency/shared';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { analyseCrawlerLog, LogRefusal } from '../crawler-log/crawler-log-analysis.js';

export const NO_GATEWAY_LOG = 'The gateway access log is not configured (GATEWAY_ACCESS_LOG) or cannot be read by the tools service.';

/**
 * The AI Crawler Log Analyzer's report over this site's own gateway access log (JSON lines),
 * for staff. Reads the file's last 50 MB as a stream (its first, cut line counts as skipped);
 * nothing is stored.
 */
@Injectable()
export class GatewayCrawlerLogService {
  constructor(@Inject(TOOLS_CONFIG) private readonly config: ToolsConfig) {}

  async report(): Promise<CrawlerLogAnswer & { file: string; readFrom: number; fileBytes: number }> {
    const file = this.config.gatewayAccessLog;
    if (!file) throw new NotFoundException(NO_GATEWAY_LOG);
    let size: number;
    try {
      const facts = await stat(file);
      if (!facts.isFile()) throw new Error('not a file');
      size = facts.size;
    } catch {
      throw new NotFoundException(NO_GATEWAY_LOG);
    }
    const start = Math.max(0, size - CRAWLER_LOG_MAX_BYTES);
    try {
      const report = await analyseCrawlerLog(createReadStream(file, { start, highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>);
      return { ...report, file, readFrom: start, fileBytes: size };
    } catch (error) {
      if (error instanceof LogRefusal) throw new UnprocessableEntityException(error.message);
      throw error;
    }
  }
}
