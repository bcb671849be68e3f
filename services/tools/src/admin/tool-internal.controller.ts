import { Body, type CanActivate, Controller, type ExecutionContext, Get, Header, HttpCode, Inject, Injectable, Post, Query, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { ToolLead } from '@agency/shared';
import { Email, INTERNAL_TICKET_HEADER, redeemInternalTicket } from '@agency/server-kit';
import type { Request } from 'express';
import { IsISO8601 } from 'class-validator';
import type { Redis } from 'ioredis';
import { TOOLS_REDIS } from '../api/tools-redis.provider.js';
import { ToolPersonDataService } from './tool-person-data.service.js';

/** Lets through a call carrying a ticket the other service wrote into the shared Redis (one use, 30 s). */
@Injectable()
export class InternalTicketGuard implements CanActivate {
  constructor(@Inject(TOOLS_REDIS) private readonly redis: Redis) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (await redeemInternalTicket(this.redis, request.headers[INTERNAL_TICKET_HEADER])) return true;
    throw new UnauthorizedException('This address answers the site’s own services only.');
  }
}

export class LeadWindowQuery {
  @IsISO8601({ strict: true }, { message: 'from must be a date-time such as 2025-07-01T09:00:00Z.' })
  from!: string;

  @IsISO8601({ strict: true }, { message: 'until must be a date-time such as 2025-07-01T10:00:00Z.' })
  until!: string;
}

export class TrackingUnsubscribe {
  @Email()
  email!: string;
}

/**
 * Calls from the content service that no admin session stands behind. Not routed by the gateway
 * (its /api/ paths go to the content service), and each call needs a ticket besides.
 */
@Controller('api/internal')
@UseGuards(InternalTicketGuard)
export class ToolInternalController {
  constructor(private readonly personData: ToolPersonDataService) {}

  /** A full unsubscribe: the address's tracked questions stop too. */
  @Post('tracking/unsubscribe')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async stopTracking(@Body() request: TrackingUnsubscribe): Promise<{ stopped: number }> {
    return { stopped: await this.personData.stopTracking(request.email) };
  }

  /** The hourly staff digest's tool leads. */
  @Get('tool-leads')
  @Header('Cache-Control', 'no-store')
  leads(@Query() query: LeadWindowQuery): Promise<ToolLead[]> {
    return this.personData.leads(new Date(query.from), new Date(query.until));
  }
}
