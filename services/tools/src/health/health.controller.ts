import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkReadiness, describeUnready, type ReadinessReport } from '@agency/server-kit';
import { DataSource } from 'typeorm';
import { ToolQueue } from '../queue/tool-queue.js';

@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: ToolQueue,
  ) {}

  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(): Promise<ReadinessReport> {
    const report = await checkReadiness({
      postgres: () => this.dataSource.query('SELECT 1'),
      redis: () => this.queue.ping(),
    });
    if (report.status !== 'ok') {
      throw new ServiceUnavailableException({ message: describeUnready(report), checks: report.checks });
    }
    return report;
  }
}
