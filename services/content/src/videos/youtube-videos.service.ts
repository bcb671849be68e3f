import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { parseYoutubeId, type YoutubeVideo } from '@agency/shared';
import { containsPattern, type ListPage } from '@agency/server-kit';
import { DataSource, Repository } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import type { OrderedContentListQuery } from '../common/ordered-content-list.query.js';
import { requireSameIds } from '../common/reorder.js';
import { YoutubeVideoEntity } from './youtube-video.entity.js';
import type { YoutubeVideoInput } from './youtube-video.dto.js';

export const VIDEO_NOT_FOUND = 'YouTube video not found.';
export const NOT_A_YOUTUBE_VIDEO =
  'youtubeUrl must link to a YouTube video, such as https://www.youtube.com/watch?v=…, https://youtu.be/… or a /shorts/, /embed/ or /live/ link.';
/** Lower display order first (0 at the top); equal numbers newest first. */
const LOWEST_ORDER_FIRST = { displayOrder: 'ASC', createdAt: 'DESC', id: 'DESC' } as const;

function toYoutubeVideo(entity: YoutubeVideoEntity): YoutubeVideo {
  return {
    id: entity.id,
    title: entity.title,
    description: entity.description,
    youtubeUrl: entity.youtubeUrl,
    youtubeId: entity.youtubeId,
    published: entity.published,
    displayOrder: entity.displayOrder,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

@Injectable()
export class YoutubeVideosService {
  constructor(
    @InjectRepository(YoutubeVideoEntity) private readonly videos: Repository<YoutubeVideoEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async listPublished(): Promise<YoutubeVideo[]> {
    const rows = await this.videos.find({ where: { published: true }, order: LOWEST_ORDER_FIRST });
    return rows.map(toYoutubeVideo);
  }

  /** The admin list: drafts included; by position (as the public page orders them) unless another sort is asked for. */
  listPage(query: OrderedContentListQuery): Promise<ListPage<YoutubeVideo>> {
    const rows = this.videos.createQueryBuilder('video');
    if (query.q) rows.andWhere('video.title ILIKE :q', { q: containsPattern(query.q) });
    if (query.status) rows.andWhere('video.published = :published', { published: query.status === 'published' });
    if (query.sort === 'title') rows.orderBy('lower(video.title)', 'ASC').addOrderBy('video.id', 'ASC');
    else if (query.sort === 'newest') rows.orderBy('video.createdAt', 'DESC').addOrderBy('video.id', 'DESC');
    else rows.orderBy('video.displayOrder', 'ASC').addOrderBy('video.createdAt', 'DESC').addOrderBy('video.id', 'DESC');
    return readListPage(rows, query, toYoutubeVideo);
  }

  /**
   * Drag-and-drop order from the admin: `ids` top first. Lower numbers are listed first here, so
   * the top video gets 0, the next 1, and so on. Every video must be named once.
   */
  reorder(ids: number[]): Promise<YoutubeVideo[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager.find(YoutubeVideoEntity, { lock: { mode: 'pessimistic_write' } });
      requireSameIds(rows.map((row) => row.id), ids);
      for (const [index, id] of ids.entries()) {
        await manager.update(YoutubeVideoEntity, { id }, { displayOrder: index });
      }
      const updated = await manager.find(YoutubeVideoEntity, { order: LOWEST_ORDER_FIRST });
      return updated.map(toYoutubeVideo);
    });
  }

  create(input: YoutubeVideoInput): Promise<YoutubeVideo> {
    const youtubeId = requireYoutubeId(input.youtubeUrl);
    return this.dataSource.transaction(async (manager) => {
      const video = manager.create(YoutubeVideoEntity, { published: false });
      apply(video, input, youtubeId);
      return toYoutubeVideo(await manager.save(video));
    });
  }

  update(id: number, input: YoutubeVideoInput): Promise<YoutubeVideo> {
    const youtubeId = requireYoutubeId(input.youtubeUrl);
    return this.dataSource.transaction(async (manager) => {
      const video = await manager.findOne(YoutubeVideoEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!video) throw new NotFoundException(VIDEO_NOT_FOUND);
      apply(video, input, youtubeId);
      return toYoutubeVideo(await manager.save(video));
    });
  }

  async remove(id: number): Promise<void> {
    const result = await this.videos.delete({ id });
    if (!result.affected) throw new NotFoundException(VIDEO_NOT_FOUND);
  }
}

function requireYoutubeId(url: string): string {
  const youtubeId = parseYoutubeId(url);
  if (!youtubeId) throw new BadRequestException(NOT_A_YOUTUBE_VIDEO);
  return youtubeId;
}

function apply(video: YoutubeVideoEntity, input: YoutubeVideoInput, youtubeId: string): void {
  video.title = input.title;
  video.description = input.description;
  video.youtubeUrl = input.youtubeUrl;
  video.youtubeId = youtubeId;
  video.displayOrder = input.displayOrder;
  if (input.published !== undefined) video.published = input.published;
}
