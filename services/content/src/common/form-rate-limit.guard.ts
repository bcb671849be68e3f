import { applyDecorators, type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { countLabel } from '@agency/shared';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CONTENT_CONFIG, REDIS } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';

type FormName = keyof Omit<ContentConfig['forms'], 'duplicateWindowSeconds'>;
const FORM_KEY = 'formRateLimit';
const FORM_LABELS: Record<FormName, string> = { contact: 'the contact form', newsletter: 'the newsletter sign-up' };

/**
 * Per-client-IP allowance on a public form, counted in Redis so every replica shares it. Counted
 * before the body is read, so refused and malformed posts use it up too; past it the answer is a
 * 429 with a sentence and Retry-After, and nothing is stored. The client IP is the gateway's
 * X-Forwarded-For, read through Express's trust proxy.
 */
@Injectable()
export class FormRateLimitGuard implements CanActivate {
  private readonly limiters: Record<FormName, RateLimiterRedis>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(CONTENT_CONFIG) private readonly config: ContentConfig, private readonly reflector: Reflector) {
    const limiter = (form: FormName) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `forms:rate:${form}`, points: config.forms[form].requests, duration: config.forms[form].windowSeconds });
    this.limiters = { contact: limiter('contact'), newsletter: limiter('newsletter') };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const form = this.reflector.get<FormName>(FORM_KEY, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    try {
      await this.limiters[form].consume(req.ip ?? 'unknown');
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
      const { requests, windowSeconds } = this.config.forms[form];
      throw new HttpException(
        `You have used ${FORM_LABELS[form]} ${countLabel(requests, 'time')} in the last ${describeSpan(windowSeconds)}. Please try again in ${describeSpan(seconds)}.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}

/** Limits posts to this route per client IP, as configured for the form. */
export function FormRateLimit(form: FormName): MethodDecorator {
  return applyDecorators(SetMetadata(FORM_KEY, form), UseGuards(FormRateLimitGuard));
}

function describeSpan(seconds: number): string {
  if (seconds < 90) return countLabel(seconds, 'second');
  if (seconds < 5400) return countLabel(Math.ceil(seconds / 60), 'minute');
  return countLabel(Math.ceil(seconds / 3600), 'hour');
}
