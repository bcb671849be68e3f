import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type SearchLabEntry, slugify } from '@agency/shared';
import { containsPattern, type ListPage } from '@agency/server-kit';
import { DataSource, Repository } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import type { OrderedContentListQuery } from '../common/ordered-content-list.query.js';
import { idOrSlug } from '../common/id-or-slug.js';
import { requireSameIds } from '../common/reorder.js';
import { allocateSlug, retryOnSlugClash } from '../common/slug-allocator.js';
import { SearchLabEntryEntity } from './search-lab-entry.entity.js';
import type { SearchLabEntryInput } from './search-lab-entry.dto.js';

export const ENTRY_NOT_FOUND = 'Search lab entry not found.';
/** Higher positions appear at the top of the public page; equal positions newest first. */
const HIGHEST_POSITION_FIRST = { displayOrder: 'DESC', createdAt: 'DESC', id: 'DESC' } as const;

function toSearchLabEntry(entity: SearchLabEntryEntity): SearchLabEntry {
  return {
    id: entity.id,
    slug: entity.slug,
    title: entity.title,
    summary: entity.summary,
    chatgptLink: entity.chatgptLink,
    published: entity.published,
    displayOrder: entity.displayOrder,
    metaTitle: entity.metaTitle,
    metaDescription: entity.metaDescription,
    challenge: entity.challenge,
    whatChanged: entity.whatChanged,
    result: entity.result,
    caseDate: entity.caseDate,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

@Injectable()
export class SearchLabService {
  constructor(
    @InjectRepository(SearchLabEntryEntity) private readonly entries: Repository<SearchLabEntryEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async listPublished(): Promise<SearchLabEntry[]> {
    const rows = await this.entries.find({ where: { published: true }, order: HIGHEST_POSITION_FIRST });
    return rows.map(toSearchLabEntry);
  }

  /** The admin list: drafts included; by position (as the public page orders them) unless another sort is asked for. */
  listPage(query: OrderedContentListQuery): Promise<ListPage<SearchLabEntry>> {
    const rows = this.entries.createQueryBuilder('entry');
    if (query.q) rows.andWhere('entry.title ILIKE :q', { q: containsPattern(query.q) });
    if (query.status) rows.andWhere('entry.published = :published', { published: query.status === 'published' });
    if (query.sort === 'title') rows.orderBy('lower(entry.title)', 'ASC').addOrderBy('entry.id', 'ASC');
    else if (query.sort === 'newest') rows.orderBy('entry.createdAt', 'DESC').addOrderBy('entry.id', 'DESC');
    else rows.orderBy('entry.displayOrder', 'DESC').addOrderBy('entry.createdAt', 'DESC').addOrderBy('entry.id', 'DESC');
    return readListPage(rows, query, toSearchLabEntry);
  }

  async findPublished(param: string): Promise<SearchLabEntry> {
    const row = await this.entries.findOneBy({ ...idOrSlug(param), published: true });
    if (!row) throw new NotFoundException(ENTRY_NOT_FOUND);
    return toSearchLabEntry(row);
  }

  /** Any entry, draft included, for a signed-in admin's preview. */
  async findAny(param: string): Promise<SearchLabEntry> {
    const row = await this.entries.findOneBy(idOrSlug(param));
    if (!row) throw new NotFoundException(ENTRY_NOT_FOUND);
    return toSearchLabEntry(row);
  }

  /**
   * Drag-and-drop order from the admin: `ids` top first. Higher positions are listed first here,
   * so the top entry gets the highest number (n) and the last gets 1. Every entry must be named once.
   */
  reorder(ids: number[]): Promise<SearchLabEntry[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager.find(SearchLabEntryEntity, { lock: { mode: 'pessimistic_write' } });
      requireSameIds(rows.map((row) => row.id), ids);
      for (const [index, id] of ids.entries()) {
        await manager.update(SearchLabEntryEntity, { id }, { displayOrder: ids.length - index });
      }
      const updated = await manager.find(SearchLabEntryEntity, { order: HIGHEST_POSITION_FIRST });
      return updated.map(toSearchLabEntry);
    });
  }

  create(input: SearchLabEntryInput): Promise<SearchLabEntry> {
    return retryOnSlugClash(
      () =>
        this.dataSource.transaction(async (manager) => {
          const entry = manager.create(SearchLabEntryEntity, {
            slug: await allocateSlug(manager, SearchLabEntryEntity, slugify(input.title, 'case-study')),
            published: false,
          });
          apply(entry, input);
          return toSearchLabEntry(await manager.save(entry));
        }),
      'search_lab_entries_slug_key',
    );
  }

  update(id: number, input: SearchLabEntryInput): Promise<SearchLabEntry> {
    return this.dataSource.transaction(async (manager) => {
      const entry = await manager.findOne(SearchLabEntryEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!entry) throw new NotFoundException(ENTRY_NOT_FOUND);
      apply(entry, input);
      return toSearchLabEntry(await manager.save(entry));
    });
  }

  async remove(id: number): Promise<void> {
    const result = await this.entries.delete({ id });
    if (!result.affected) throw new NotFoundException(ENTRY_NOT_FOUND);
  }
}

function apply(entry: SearchLabEntryEntity, input: SearchLabEntryInput): void {
  entry.title = input.title;
  entry.summary = input.summary;
  entry.chatgptLink = input.chatgptLink;
  entry.displayOrder = input.displayOrder;
  if (input.published !== undefined) entry.published = input.published;
  entry.metaTitle = input.metaTitle ?? null;
  entry.metaDescription = input.metaDescription ?? null;
  entry.challenge = input.challenge ?? null;
  entry.whatChanged = input.whatChanged ?? null;
  entry.result = input.result ?? null;
  entry.caseDate = input.caseDate ?? null;
}
