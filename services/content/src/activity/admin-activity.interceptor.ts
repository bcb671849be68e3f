import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { adminAccess, adminSessionOf, isStateChanging } from '@agency/server-kit';
import type { Request } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import { DataSource } from 'typeorm';
import { AdminActivityService } from './admin-activity.service.js';

const DESCRIBE_KEY = 'adminActivity';

/** How a write reads in the activity log, from its request and answer; null: the handler logs it itself. */
export type ActivityDescriber = ((req: Request, result: unknown) => { action: string; summary: string }) | null;

/** Overrides the generic entry ("Created blog post #12") for a route, or (null) leaves the logging to its handler. */
export const LogActivity = (describe: ActivityDescriber) => SetMetadata(DESCRIBE_KEY, describe);

const NOUNS: Record<string, string> = {
  'blog-posts': 'blog post',
  categories: 'category',
  'search-lab-entries': 'search lab entry',
  'youtube-videos': 'YouTube video',
  'contact-messages': 'contact message',
};
const VERBS: Record<string, string> = { POST: 'Created', PUT: 'Updated', PATCH: 'Updated', DELETE: 'Deleted' };
const NOT_LOGGED = new Set(['/api/admin/logout']);

/** "Updated blog post #12" from PUT /api/admin/blog-posts/12: ids only, so no personal data enters the log. */
export function describeAdminWrite(req: Request, result: unknown): { action: string; summary: string } {
  const segments = req.path.replace(/^\/api\/admin\//, '').split('/');
  const resource = segments[0] ?? 'admin';
  const noun = NOUNS[resource] ?? resource;
  const id = segments[1] ?? (typeof result === 'object' && result !== null && 'id' in result ? String(result.id) : undefined);
  const verb = VERBS[req.method] ?? req.method;
  return { action: `${resource}.${req.method.toLowerCase()}`, summary: `${verb} ${noun}${id ? ` #${id}` : ''}` };
}

/**
 * Every successful admin write is logged before its answer is sent: who (the session's label),
 * what, when. Registered globally, so a new admin route is logged without anyone remembering to.
 */
@Injectable()
export class AdminActivityInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly activity: AdminActivityService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (!isStateChanging(req.method) || adminAccess(req.path) !== 'session' || NOT_LOGGED.has(req.path)) return next.handle();
    const describe = this.reflector.get<ActivityDescriber | undefined>(DESCRIBE_KEY, context.getHandler());
    if (describe === null) return next.handle();
    return next.handle().pipe(
      switchMap((result: unknown) =>
        from(
          (async () => {
            const { action, summary } = (describe ?? describeAdminWrite)(req, result);
            await this.activity.record(this.dataSource, adminSessionOf(req) ?? 'unknown', action, summary);
            return result;
          })(),
        ),
      ),
    );
  }
}
