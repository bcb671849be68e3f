import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkReadiness, describeUnready, type ReadinessReport } from '@agency/server-kit';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { CONTENT_CONFIG, REDIS } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';

@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
  ) {}

  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(): Promise<ReadinessReport> {
    return this.answer(await checkReadiness(this.ownChecks()));
  }

  /** The whole site's health through the gateway (docs/operations.md): this service, the tools API and the stores. */
  @Get('api/health')
  async site(): Promise<ReadinessReport> {
    return this.answer(await checkReadiness({ ...this.ownChecks(), tools: () => this.toolsReady() }));
  }

  private ownChecks(): Record<string, () => Promise<unknown>> {
    return {
      postgres: () => this.dataSource.query('SELECT 1'),
      redis: () => this.redis.ping(),
    };
  }

  private async toolsReady(): Promise<void> {
    const response = await fetch(this.config.toolsReadyUrl, { signal: AbortSignal.timeout(1500) });
    if (!response.ok) throw new Error(`tools answered ${response.status}`);
  }

  private answer(report: ReadinessReport): ReadinessReport {
    if (report.status !== 'ok') {
      throw new ServiceUnavailableException({ message: describeUnready(report), checks: report.checks });
    }
    return report;
  }
}
