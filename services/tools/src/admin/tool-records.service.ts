import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PersonToolRecords } from '@agency/shared';
import { containsPattern, dayRange, type ListPage } from '@agency/server-kit';
import { DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { AnyToolDefinition } from '../tools/tool-definition.js';
import { TOOLS } from '../tools/tools.js';
import type { ToolRecordListQuery } from './tool-record-list.query.js';

type AnyTool<Row extends ObjectLiteral = ObjectLiteral, Rec = any> = AnyToolDefinition<Row, Rec>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the record type is each tool's own

/** The admin panel's reads of what the tools stored, for any tool: pages, one record in full, and every match for the CSV exports. */
@Injectable()
export class ToolRecordsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  page<Row extends ObjectLiteral, Rec>(tool: AnyTool<Row, Rec>, query: ToolRecordListQuery): Promise<ListPage<Rec>> {
    return readPage(this.filtered(tool, query), query, tool.record.toRecord);
  }

  async all<Row extends ObjectLiteral, Rec>(tool: AnyTool<Row, Rec>, query: ToolRecordListQuery): Promise<Rec[]> {
    return (await this.filtered(tool, query).getMany()).map(tool.record.toRecord);
  }

  async one<Row extends ObjectLiteral, Rec>(tool: AnyTool<Row, Rec>, id: number): Promise<Rec> {
    const row = await this.dataSource.getRepository(tool.record.entity).createQueryBuilder('record').where('record.id = :id', { id }).getOne();
    if (!row) throw new NotFoundException(tool.record.notFound);
    return tool.record.toRecord(row);
  }

  /** Every tool record of one address, in any case, newest first: the person view's tools part. */
  async ofPerson(email: string): Promise<PersonToolRecords> {
    const lists = await Promise.all(
      TOOLS.map(async (tool: AnyToolDefinition) => {
        const rows = await this.dataSource
          .getRepository(tool.record.entity)
          .createQueryBuilder('record')
          .where('lower(record.email) = lower(:email)', { email })
          .orderBy('record.createdAt', 'DESC')
          .addOrderBy('record.id', 'DESC')
          .getMany();
        return [tool.record.personKey, rows.map(tool.record.toRecord)] as const;
      }),
    );
    return Object.fromEntries(lists) as unknown as PersonToolRecords;
  }

  private filtered<Row extends ObjectLiteral>(tool: AnyTool<Row>, query: ToolRecordListQuery): SelectQueryBuilder<Row> {
    const rows = this.dataSource.getRepository(tool.record.entity).createQueryBuilder('record');
    if (query.q) rows.andWhere(`${tool.record.searched} ILIKE :q`, { q: containsPattern(query.q) });
    const { from, until } = dayRange(query);
    if (from) rows.andWhere('record.createdAt >= :from', { from });
    if (until) rows.andWhere('record.createdAt < :until', { until });
    const direction = query.sort === 'oldest' ? 'ASC' : 'DESC';
    return rows.orderBy('record.createdAt', direction).addOrderBy('record.id', direction);
  }
}

/** The page and the count of every match, side by side (count(*) without ORDER BY, LIMIT or OFFSET). */
async function readPage<E extends ObjectLiteral, T>(query: SelectQueryBuilder<E>, page: { limit: number; offset: number }, toView: (row: E) => T): Promise<ListPage<T>> {
  const counting = query.clone().orderBy().select('count(*)::int', 'total');
  const [rows, counted] = await Promise.all([query.limit(page.limit).offset(page.offset).getMany(), counting.getRawOne<{ total: number }>()]);
  return { items: rows.map(toView), total: counted?.total ?? 0 };
}
