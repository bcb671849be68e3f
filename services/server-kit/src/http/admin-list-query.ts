import { ADMIN_LIST_LIMIT_DEFAULT, ADMIN_LIST_LIMIT_MAX, ADMIN_LIST_OFFSET_MAX, ADMIN_SEARCH_MAX_CHARS, TOTAL_COUNT_HEADER } from '@agency/shared';
import { BadRequestException } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Response } from 'express';

/** A query value of digits becomes a number; anything else stays as sent, for the validators to refuse. */
const WholeNumber = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value));
const TrimmedText = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * The paging and search every admin list read takes: `limit` (1–500, default 100), `offset`
 * and `q`. Each list's query class extends it with its own filters and `sort`.
 */
export class AdminListQuery {
  @IsOptional()
  @WholeNumber()
  @IsInt({ message: `limit must be a whole number from 1 to ${ADMIN_LIST_LIMIT_MAX}.` })
  @Min(1, { message: `limit must be a whole number from 1 to ${ADMIN_LIST_LIMIT_MAX}.` })
  @Max(ADMIN_LIST_LIMIT_MAX, { message: `limit must be a whole number from 1 to ${ADMIN_LIST_LIMIT_MAX}.` })
  limit: number = ADMIN_LIST_LIMIT_DEFAULT;

  @IsOptional()
  @WholeNumber()
  @IsInt({ message: 'offset must be a whole number, 0 or more.' })
  @Min(0, { message: 'offset must be a whole number, 0 or more.' })
  @Max(ADMIN_LIST_OFFSET_MAX, { message: 'offset is too large.' })
  offset: number = 0;

  @IsOptional()
  @TrimmedText()
  @IsString({ message: 'q must be text.' })
  @MaxLength(ADMIN_SEARCH_MAX_CHARS, { message: `q must be at most ${ADMIN_SEARCH_MAX_CHARS} characters.` })
  q?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A list of dated records: `from` and `to` are days (YYYY-MM-DD, UTC), both included. */
export class DatedListQuery extends AdminListQuery {
  @IsOptional()
  @IsString({ message: 'from must be a date such as 2026-01-31.' })
  @Matches(DAY, { message: 'from must be a date such as 2026-01-31.' })
  from?: string;

  @IsOptional()
  @IsString({ message: 'to must be a date such as 2026-01-31.' })
  @Matches(DAY, { message: 'to must be a date such as 2026-01-31.' })
  to?: string;
}

/** One page of a list and how many rows match in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** Sends the page's rows as the body and the number of matching rows in X-Total-Count. */
export function sendListPage<T>(res: Response, page: ListPage<T>): T[] {
  res.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  res.setHeader('Cache-Control', 'no-store');
  return page.items;
}

/** `q` as a LIKE/ILIKE pattern matching it anywhere, its own % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A day (YYYY-MM-DD) as the instant it starts in UTC; null for a day that does not exist (2026-02-30). */
function dayStart(day: string, plusDays = 0): Date | null {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}

/** A dated list's `from`/`to` as instants: rows at or after `from`, and before `until` (the day after `to`). */
export function dayRange(query: DatedListQuery): { from: Date | null; until: Date | null } {
  const from = query.from ? dayStart(query.from) : null;
  const until = query.to ? dayStart(query.to, 1) : null;
  if ((query.from && !from) || (query.to && !until) || (from && until && from >= until)) {
    throw new BadRequestException('from and to must be real dates, such as 2026-01-31, with from on or before to.');
  }
  return { from, until };
}
