import { ConflictException, HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type MediaAsset, mediaBase, type MediaUse, mediaVariantUrl } from '@agency/shared';
import { containsPattern } from '@agency/server-kit';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DataSource, Repository } from 'typeorm';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { MediaAssetEntity } from './media-asset.entity.js';
import { encodeUpload, MediaRefusal } from './media-encoder.js';
import type { MediaUploadInput } from './media-upload.dto.js';

export const MEDIA_NOT_FOUND = 'Image not found.';
/**
 * Where an image shows: a post's cover or text, a case study's text. Each asset's folder is
 * `/media/{key}-{w}x{h}/` (the key is hex, so it needs no LIKE escaping).
 */
const USES_SQL = `
  SELECT asset.id AS asset, 'post' AS kind, post.id, post.title
    FROM media_assets asset
    JOIN blog_posts post ON post.image LIKE '%' || folder(asset) || '%' OR post.content LIKE '%' || folder(asset) || '%'
   WHERE asset.id = ANY($1)
  UNION ALL
  SELECT asset.id, 'case-study', entry.id, entry.title
    FROM media_assets asset
    JOIN search_lab_entries entry
      ON concat_ws(' ', entry.summary, entry.challenge, entry.what_changed, entry.result) LIKE '%' || folder(asset) || '%'
   WHERE asset.id = ANY($1)
  ORDER BY 1, 2 DESC, 3`.replace(/folder\(asset\)/g, `('/media/' || asset.key || '-' || asset.width || 'x' || asset.height || '/')`);

function describeUses(uses: MediaUse[]): string {
  const names = uses.map((use) => `the ${use.kind === 'post' ? 'post' : 'case study'} “${use.title}”`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `This image is used by ${list}; remove it from ${uses.length > 1 ? 'them' : 'it'} first.`;
}
const LIBRARY_PAGE = 200;

function toMediaAsset(entity: MediaAssetEntity, usedBy: MediaUse[] = []): MediaAsset {
  return {
    id: entity.id,
    url: mediaVariantUrl(mediaBase(entity.key, entity.width, entity.height), entity.width, 'jpg'),
    alt: entity.alt,
    width: entity.width,
    height: entity.height,
    originalName: entity.originalName,
    storedBytes: entity.storedBytes,
    createdAt: entity.createdAt.toISOString(),
    usedBy,
  };
}

/**
 * The media library: uploads are checked and re-encoded (media-encoder.ts), their variants written
 * under MEDIA_DIR in a folder named by a random key (the gateway serves it at /media/ with immutable
 * caching: a folder's files never change), then recorded. A failed step leaves no files behind.
 */
@Injectable()
export class MediaService {
  constructor(
    @InjectRepository(MediaAssetEntity) private readonly assets: Repository<MediaAssetEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
  ) {}

  /** The newest images, or those whose file name or alt text contains `q`, each with where it is used. */
  async list(q?: string): Promise<MediaAsset[]> {
    const query = this.assets.createQueryBuilder('asset').orderBy('asset.createdAt', 'DESC').addOrderBy('asset.id', 'DESC').take(LIBRARY_PAGE);
    if (q) query.where('(asset.originalName ILIKE :q OR asset.alt ILIKE :q)', { q: containsPattern(q) });
    const rows = await query.getMany();
    const uses = await this.usesOf(rows.map((row) => row.id));
    return rows.map((row) => toMediaAsset(row, uses.get(row.id)));
  }

  private async usesOf(ids: number[]): Promise<Map<number, MediaUse[]>> {
    const uses = new Map<number, MediaUse[]>();
    if (ids.length === 0) return uses;
    const rows = await this.dataSource.query<{ asset: number; kind: MediaUse['kind']; id: number; title: string }[]>(USES_SQL, [ids]);
    for (const { asset, kind, id, title } of rows) uses.set(asset, [...(uses.get(asset) ?? []), { kind, id, title }]);
    return uses;
  }

  async upload(input: MediaUploadInput): Promise<MediaAsset> {
    let encoded;
    try {
      encoded = await encodeUpload(input.data, this.config.mediaMaxBytes);
    } catch (error) {
      if (error instanceof MediaRefusal) throw new HttpException(error.message, error.status);
      throw error;
    }
    const key = randomBytes(12).toString('hex');
    const folder = path.basename(mediaBase(key, encoded.width, encoded.height));
    const staging = path.join(this.config.mediaDir, `.staging-${folder}`);
    const final = path.join(this.config.mediaDir, folder);
    await mkdir(staging, { recursive: true });
    try {
      for (const variant of encoded.variants) {
        await writeFile(path.join(staging, `${variant.width}.${variant.format}`), variant.bytes);
      }
      await rename(staging, final);
      const row = this.assets.create({
        key,
        originalName: (input.fileName ?? 'image').slice(0, 255),
        alt: input.alt,
        width: encoded.width,
        height: encoded.height,
        storedBytes: encoded.variants.reduce((sum, variant) => sum + variant.bytes.length, 0),
      });
      return toMediaAsset(await this.assets.save(row));
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      await rm(final, { recursive: true, force: true });
      throw error;
    }
  }

  async updateAlt(id: number, alt: string): Promise<MediaAsset> {
    const row = await this.assets.findOneBy({ id });
    if (!row) throw new NotFoundException(MEDIA_NOT_FOUND);
    row.alt = alt;
    return toMediaAsset(await this.assets.save(row));
  }

  /** Refused, naming each user, while a post or case study shows the image, so no page loses a picture. */
  async remove(id: number): Promise<void> {
    const row = await this.assets.findOneBy({ id });
    if (!row) throw new NotFoundException(MEDIA_NOT_FOUND);
    const uses = (await this.usesOf([id])).get(id) ?? [];
    if (uses.length > 0) throw new ConflictException(describeUses(uses));
    await this.assets.delete({ id });
    await rm(path.join(this.config.mediaDir, path.basename(mediaBase(row.key, row.width, row.height))), { recursive: true, force: true });
  }
}
