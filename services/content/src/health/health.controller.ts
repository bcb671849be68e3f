import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkReadiness, describeUnready, type ReadinessReport } from '@agency/server-kit';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../config/content-config.provider.js';

@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** `/api/health` is the site's health through the gateway (CONTRACT); the tools service joins it when it exists. */
  @Get(['health/ready', 'api/health'])
  async ready(): Promise<ReadinessReport> {
    const report = await checkReadiness({
      postgres: () => this.dataSource.query('SELECT 1'),
      redis: () => this.redis.ping(),
    });
    if (report.status !== 'ok') {
      throw new ServiceUnavailableException({ message: describeUnready(report), checks: report.checks });
    }
    return report;
  }
}
