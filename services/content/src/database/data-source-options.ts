import type { DataSourceOptions } from 'typeorm';
import { AdminActivityEntity } from '../activity/admin-activity.entity.js';
import { BlogPostEntity } from '../blog/blog-post.entity.js';
import { CategoryEntity } from '../categories/category.entity.js';
import { ContactMessageEntity } from '../contact/contact-message.entity.js';
import { SearchLabEntryEntity } from '../search-lab/search-lab-entry.entity.js';
import { MarketingSubscriberEntity } from '../subscribers/marketing-subscriber.entity.js';
import { YoutubeVideoEntity } from '../videos/youtube-video.entity.js';
import { MediaAssetEntity } from '../media/media-asset.entity.js';
import { OutboxEmailEntity } from '../email/outbox-email.entity.js';
import { InitialSchema1763740800000 } from './migrations/1763740800000-initial-schema.js';
import { AdminAtVolume1767398400000 } from './migrations/1767398400000-admin-at-volume.js';
import { EditorFieldsAndMedia1767484800000 } from './migrations/1767484800000-editor-fields-and-media.js';
import { EmailOutbox1768800000000 } from './migrations/1768800000000-email-outbox.js';

export const ENTITIES = [
  AdminActivityEntity,
  BlogPostEntity,
  CategoryEntity,
  ContactMessageEntity,
  SearchLabEntryEntity,
  MarketingSubscriberEntity,
  MediaAssetEntity,
  OutboxEmailEntity,
  YoutubeVideoEntity,
];

export const MIGRATIONS = [InitialSchema1763740800000, AdminAtVolume1767398400000, EditorFieldsAndMedia1767484800000, EmailOutbox1768800000000];

/** One definition for the service, the migrate and seed commands, and the tests. Schema changes only by migration. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error', 'warn', 'migration'],
    extra: {
      max: 10,
      connectionTimeoutMillis: 2000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 10_000,
    },
  };
}
