import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { type Observable, tap } from 'rxjs';

/**
 * Public content reads are the same for every visitor, so the gateway's micro-cache may keep
 * them for a second (s-maxage; nginx counts whole seconds, so an edit shows within 2 s).
 * Browsers revalidate every time (max-age=0): the site's query cache already keeps what it needs,
 * and the admin panel reads these lists right after its own edits. Revalidating is cheap: Express
 * adds a weak ETag from the body (weak, since the gateway's gzip changes the bytes) and the
 * gateway or the service answers a matching If-None-Match with 304.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';

/** Only a successful answer is marked cacheable: a not-found gets no Cache-Control. */
@Injectable()
class PublicReadCacheInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(tap(() => res.setHeader('Cache-Control', PUBLIC_READ_CACHE_CONTROL)));
  }
}

export function PublicRead(): MethodDecorator & ClassDecorator {
  return UseInterceptors(PublicReadCacheInterceptor);
}
