import type { INestApplication } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { AdminGuardSettings, AdminSessionMiddleware, AdminSessionStore } from '@agency/server-kit';
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
 * Bull Board for the tools queue, mounted on the tools API's Express app. A router mounted there
 * is not a Nest route, which the global admin guard protects, so the same session check runs
 * first (AdminSessionMiddleware). Call before the app starts listening.
 */
export function mountQueueDashboard(app: INestApplication): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: [new BullMQAdapter(app.get(QueueConnection).queue)],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Tools queue' } },
  });
  const session = new AdminSessionMiddleware(app.get(AdminSessionStore), app.get(AdminGuardSettings));
  app.use(QUEUE_DASHBOARD_PATH, (req: Request, res: Response, next: NextFunction) => session.use(req, res, next), dashboardHeaders, serverAdapter.getRouter());
}
