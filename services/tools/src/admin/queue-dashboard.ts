import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { type BullBoardInstance, BullBoardModule, InjectBullBoard } from '@bull-board/nestjs';
import { AdminSessionMiddleware } from '@agency/server-kit';
import type { DynamicModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { QueueConnection } from '../queue/queue-connection.js';

/** The queue dashboard's address (docs/operations.md, "Queue dashboard"); an admin path, so behind the session. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/**
 * Bull Board's page loads its own scripts and styles from under its path and calls its JSON API
 * there; nothing else (its web fonts from Google are left out: the system font is used).
 */
const DASHBOARD_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

function dashboardHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CONTENT_SECURITY_POLICY);
  next();
}

/**
 * Bull Board for the tools queue. Mounted as middleware, which the global admin guard never sees,
 * so the same session check runs first (AdminSessionMiddleware).
 */
export function queueDashboardModule(): DynamicModule {
  return BullBoardModule.forRoot({
    route: QUEUE_DASHBOARD_PATH,
    adapter: ExpressAdapter,
    middleware: [AdminSessionMiddleware, dashboardHeaders],
    boardOptions: { uiConfig: { boardTitle: 'Tools queue' } },
  });
}

@Injectable()
export class QueueDashboard implements OnModuleInit {
  constructor(
    @InjectBullBoard() private readonly board: BullBoardInstance,
    private readonly connection: QueueConnection,
  ) {}

  onModuleInit(): void {
    this.board.addQueue(new BullMQAdapter(this.connection.queue));
  }
}
