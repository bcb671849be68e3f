import { ConflictException, HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type MediaAsset, mediaBase, mediaVariantUrl } from '@agency/shared';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Repository } from 'typeorm';
import { BlogPostEntity } from '../blog/blog-post.entity.js';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { MediaAssetEntity } from './media-asset.entity.js';
import { encodeUpload, MediaRefusal } from './media-encoder.js';
import type { MediaUploadInput } from './media-upload.dto.js';

export const MEDIA_NOT_FOUND = 'Image not found.';
export const MEDIA_IN_USE = 'This image is used by a post; remove it from the post first.';
const LIBRARY_PAGE = 200;

function toMediaAsset(entity: MediaAssetEntity): MediaAsset {
  return {
    id: entity.id,
    url: mediaVariantUrl(mediaBase(entity.key, entity.width, entity.height), entity.width, 'jpg'),
    alt: entity.alt,
    width: entity.width,
    height: entity.height,
    originalName: entity.originalName,
    storedBytes: entity.storedBytes,
    createdAt: entity.createdAt.toISOString(),
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
    @InjectRepository(BlogPostEntity) private readonly posts: Repository<BlogPostEntity>,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
  ) {}

  async list(): Promise<MediaAsset[]> {
    const rows = await this.assets.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: LIBRARY_PAGE });
    return rows.map(toMediaAsset);
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

  /** Refused while a post shows the image (as its cover or in its text), so no page loses a picture. */
  async remove(id: number): Promise<void> {
    const row = await this.assets.findOneBy({ id });
    if (!row) throw new NotFoundException(MEDIA_NOT_FOUND);
    const base = mediaBase(row.key, row.width, row.height);
    const pattern = `%${base.replace(/[\\%_]/g, (char) => `\\${char}`)}/%`;
    const used = await this.posts
      .createQueryBuilder('post')
      .where('post.image LIKE :pattern OR post.content LIKE :pattern', { pattern })
      .getExists();
    if (used) throw new ConflictException(MEDIA_IN_USE);
    await this.assets.delete({ id });
    await rm(path.join(this.config.mediaDir, path.basename(base)), { recursive: true, force: true });
  }
}
