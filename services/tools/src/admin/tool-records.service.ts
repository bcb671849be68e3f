import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuditRecord, CrawlerLogAnalysisRecord, FanOutRecord, ImageAnalysisRecord, PersonToolRecords } from '@agency/shared';
import { containsPattern, dayRange, type ListPage } from '@agency/server-kit';
import { type ObjectLiteral, Repository, type SelectQueryBuilder } from 'typeorm';
import { AuditRecordEntity } from '../audit/audit-record.entity.js';
import { FanOutRecordEntity } from '../fan-out/fan-out-record.entity.js';
import { analysedImageOf, ImageAnalysisEntity } from '../image/image-analysis.entity.js';
import { CrawlerLogAnalysisEntity } from '../crawler-log/crawler-log-analysis.entity.js';
import { CRAWLER_LOG_RECORD } from '../crawler-log/crawler-log.record.js';
import type { ToolRecordListQuery } from './tool-record-list.query.js';

/** The expressions the trigram indexes hold (the tool-record-search migration): the search box looks in what the visitor typed. */
const AUDIT_SEARCHED = `(record.query || ' ' || coalesce(record.brand, '') || ' ' || record.email)`;
const FAN_OUT_SEARCHED = `(record.keyword || ' ' || record.website || ' ' || record.email)`;
/** The address, the suggested alt text and what each model read (the models column as text). */
const IMAGE_SEARCHED = `(record.email || ' ' || record.alt_text || ' ' || record.models::text)`;

export function toAuditRecord(row: AuditRecordEntity): AuditRecord {
  return {
    id: row.id,
    query: row.query,
    brand: row.brand,
    email: row.email,
    model: row.model,
    response: row.response,
    citations: row.citations,
    searchQueries: row.searchQueries,
    grounded: row.grounded,
    usage: row.usage,
    reportId: row.reportId,
    website: row.website,
    runs: row.runs,
    runAnswers: row.runAnswers,
    visibility: row.visibility,
    models: row.models,
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toFanOutRecord(row: FanOutRecordEntity): FanOutRecord {
  return { id: row.id, keyword: row.keyword, website: row.website, email: row.email, results: row.results, createdAt: row.createdAt.toISOString() };
}

export function toImageAnalysisRecord(row: ImageAnalysisEntity): ImageAnalysisRecord {
  return {
    id: row.id,
    email: row.email,
    image: analysedImageOf(row),
    models: row.models,
    mainImageChecks: row.mainImageChecks,
    disagreement: row.disagreement,
    altText: row.altText,
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin panel's reads of what the tools stored: pages, one record in full, and every match for the CSV exports. */
@Injectable()
export class ToolRecordsService {
  constructor(
    @InjectRepository(AuditRecordEntity) private readonly audits: Repository<AuditRecordEntity>,
    @InjectRepository(FanOutRecordEntity) private readonly fanOuts: Repository<FanOutRecordEntity>,
    @InjectRepository(ImageAnalysisEntity) private readonly imageAnalyses: Repository<ImageAnalysisEntity>,
    @InjectRepository(CRAWLER_LOG_RECORD.entity) private readonly crawlerLogs: Repository<CrawlerLogAnalysisEntity>,
  ) {}

  crawlerLogPage(query: ToolRecordListQuery): Promise<ListPage<CrawlerLogAnalysisRecord>> {
    return readPage(filtered(this.crawlerLogs, CRAWLER_LOG_RECORD.searched, query), query, CRAWLER_LOG_RECORD.toRecord);
  }

  async allCrawlerLogs(query: ToolRecordListQuery): Promise<CrawlerLogAnalysisRecord[]> {
    return (await filtered(this.crawlerLogs, CRAWLER_LOG_RECORD.searched, query).getMany()).map(CRAWLER_LOG_RECORD.toRecord);
  }

  async crawlerLog(id: number): Promise<CrawlerLogAnalysisRecord> {
    const row = await this.crawlerLogs.findOneBy({ id });
    if (!row) throw new NotFoundException('Crawler log analysis not found.');
    return CRAWLER_LOG_RECORD.toRecord(row);
  }

  imageAnalysisPage(query: ToolRecordListQuery): Promise<ListPage<ImageAnalysisRecord>> {
    return readPage(filtered(this.imageAnalyses, IMAGE_SEARCHED, query), query, toImageAnalysisRecord);
  }

  async allImageAnalyses(query: ToolRecordListQuery): Promise<ImageAnalysisRecord[]> {
    return (await filtered(this.imageAnalyses, IMAGE_SEARCHED, query).getMany()).map(toImageAnalysisRecord);
  }

  async imageAnalysis(id: number): Promise<ImageAnalysisRecord> {
    const row = await this.imageAnalyses.findOneBy({ id });
    if (!row) throw new NotFoundException('Image analysis not found.');
    return toImageAnalysisRecord(row);
  }

  auditPage(query: ToolRecordListQuery): Promise<ListPage<AuditRecord>> {
    return readPage(filtered(this.audits, AUDIT_SEARCHED, query), query, toAuditRecord);
  }

  fanOutPage(query: ToolRecordListQuery): Promise<ListPage<FanOutRecord>> {
    return readPage(filtered(this.fanOuts, FAN_OUT_SEARCHED, query), query, toFanOutRecord);
  }

  async allAudits(query: ToolRecordListQuery): Promise<AuditRecord[]> {
    return (await filtered(this.audits, AUDIT_SEARCHED, query).getMany()).map(toAuditRecord);
  }

  async allFanOuts(query: ToolRecordListQuery): Promise<FanOutRecord[]> {
    return (await filtered(this.fanOuts, FAN_OUT_SEARCHED, query).getMany()).map(toFanOutRecord);
  }

  async audit(id: number): Promise<AuditRecord> {
    const row = await this.audits.findOneBy({ id });
    if (!row) throw new NotFoundException('Audit record not found.');
    return toAuditRecord(row);
  }

  /** Every tool record of one address, in any case, newest first: the person view's tools part. */
  async ofPerson(email: string): Promise<PersonToolRecords> {
    const byEmail = <E extends ObjectLiteral>(repository: Repository<E>) =>
      repository.createQueryBuilder('record').where('lower(record.email) = lower(:email)', { email }).orderBy('record.createdAt', 'DESC').addOrderBy('record.id', 'DESC').getMany();
    const [audits, fanOuts, imageAnalyses, crawlerLogs] = await Promise.all([byEmail(this.audits), byEmail(this.fanOuts), byEmail(this.imageAnalyses), byEmail(this.crawlerLogs)]);
    return {
      auditRecords: audits.map(toAuditRecord),
      fanOutRecords: fanOuts.map(toFanOutRecord),
      imageAnalyses: imageAnalyses.map(toImageAnalysisRecord),
      crawlerLogAnalyses: crawlerLogs.map(CRAWLER_LOG_RECORD.toRecord),
    };
  }

  async fanOut(id: number): Promise<FanOutRecord> {
    const row = await this.fanOuts.findOneBy({ id });
    if (!row) throw new NotFoundException('Semantic expansion request not found.');
    return toFanOutRecord(row);
  }
}

function filtered<E extends ObjectLiteral>(repository: Repository<E>, searched: string, query: ToolRecordListQuery): SelectQueryBuilder<E> {
  const rows = repository.createQueryBuilder('record');
  if (query.q) rows.andWhere(`${searched} ILIKE :q`, { q: containsPattern(query.q) });
  const { from, until } = dayRange(query);
  if (from) rows.andWhere('record.createdAt >= :from', { from });
  if (until) rows.andWhere('record.createdAt < :until', { until });
  const direction = query.sort === 'oldest' ? 'ASC' : 'DESC';
  return rows.orderBy('record.createdAt', direction).addOrderBy('record.id', direction);
}

/** The page and the count of every match, side by side (count(*) without ORDER BY, LIMIT or OFFSET). */
async function readPage<E extends ObjectLiteral, T>(query: SelectQueryBuilder<E>, page: { limit: number; offset: number }, toView: (row: E) => T): Promise<ListPage<T>> {
  const counting = query.clone().orderBy().select('count(*)::int', 'total');
  const [rows, counted] = await Promise.all([query.limit(page.limit).offset(page.offset).getMany(), counting.getRawOne<{ total: number }>()]);
  return { items: rows.map(toView), total: counted?.total ?? 0 };
}
