import { Controller, Get, Header, Query, Req } from '@nestjs/common';
import type { PersonRecords } from '@agency/shared';
import { Email } from '@agency/server-kit';
import type { Request } from 'express';
import { PeopleService } from './people.service.js';

/** ?email=… of GET /api/admin/people. */
export class PersonQuery {
  @Email()
  email!: string;
}

@Controller('api/admin/people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  /** Every record of one address, by kind (the admin's person view); the global admin guard requires a session. */
  @Get()
  @Header('Cache-Control', 'no-store')
  person(@Query() query: PersonQuery, @Req() req: Request): Promise<PersonRecords> {
    return this.people.read(query.email, req.headers.cookie ?? '');
  }
}
