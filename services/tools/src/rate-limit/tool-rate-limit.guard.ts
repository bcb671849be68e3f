import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { countLabel } from '@agency/shared';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { TOOLS_REDIS } from '../api/tools-redis.provider.js';

/**
 * Per-client-IP limit on each tool, counted in Redis so every API replica shares it. The client
 * IP is the gateway's X-Forwarded-For (which it overwrites), read through Express's trust proxy.
 */
@Injectable()
export class ToolRateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(TOOLS_REDIS) redis: Redis, @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'tools:rate',
      points: config.rateLimit.requests,
      duration: config.rateLimit.windowSeconds,
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    try {
      await this.limiter.consume(`${req.path}:${req.ip ?? 'unknown'}`);
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(seconds));
      throw new HttpException(
        `You have used this tool ${countLabel(this.config.rateLimit.requests, 'time')} recently. Please try again in ${describeWait(seconds)}.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}

function describeWait(seconds: number): string {
  if (seconds < 90) return countLabel(seconds, 'second');
  return countLabel(Math.ceil(seconds / 60), 'minute');
}
