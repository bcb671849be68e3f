import type { ToolRecordCounts } from './admin-records.js';
import type { SubscriberSource } from './content-types.js';

/** Paging of every admin list read (docs/api.md, "Admin lists"). */
export const ADMIN_LIST_LIMIT_DEFAULT = 100;
export const ADMIN_LIST_LIMIT_MAX = 500;
/** Deeper than any list staff page through; keeps OFFSET inside what Postgres handles quickly. */
export const ADMIN_LIST_OFFSET_MAX = 10_000_000;
export const ADMIN_SEARCH_MAX_CHARS = 200;
/** The response header carrying the number of rows that match, whatever the page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** What staff have done with a contact message. */
export const CONTACT_STATUSES = ['new', 'handled', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_NOTE_MAX_CHARS = 5000;

/** Bulk actions on contact messages; each asks for confirmation in the panel. */
export const CONTACT_BULK_ACTIONS = ['mark-handled', 'archive', 'delete'] as const;
export type ContactBulkAction = (typeof CONTACT_BULK_ACTIONS)[number];
export const CONTACT_BULK_MAX_IDS = 500;

/** The sort orders each list offers; every one is backed by an index. */
export const ADMIN_LIST_SORTS = {
  blogPosts: ['newest', 'oldest', 'title'],
  categories: ['name'],
  searchLabEntries: ['position', 'newest', 'title'],
  youtubeVideos: ['position', 'newest', 'title'],
  contactMessages: ['newest', 'oldest'],
  auditRecords: ['newest', 'oldest'],
  fanOutRecords: ['newest', 'oldest'],
  imageAnalyses: ['newest', 'oldest'],
  crawlerLogAnalyses: ['newest', 'oldest'],
  subscribers: ['newest', 'oldest', 'email'],
  activity: ['newest'],
} as const;

/** One entry of the admin activity log: who (a label of the admin session), what and when; never personal data. */
export interface AdminActivityEntry {
  id: number;
  at: string;
  /** A short fingerprint of the admin session that acted, not the session id. */
  session: string;
  /** e.g. 'contact-message.update', 'person.erase'. */
  action: string;
  /** A sentence for staff, e.g. 'Marked 3 contact messages handled'. */
  summary: string;
}

/** What one erasure removed (counts only: the address itself is not kept). */
export type ErasureReceipt = { contactMessages: number } & ToolRecordCounts & { subscriber: boolean };

/** The Overview tab's days run oldest first, as YYYY-MM-DD in UTC. */
export const OVERVIEW_DAYS = 30;

export interface LeadsOverview {
  days: string[];
  /** New addresses per day, by the form or tool they first came from. */
  leadsBySource: Record<SubscriberSource, number[]>;
  /** Contact messages received per day. */
  contactMessages: number[];
}

export interface ToolsOverview {
  days: string[];
  auditRuns: number[];
  fanOutRuns: number[];
  /** Over the same days: of each engine's audits, how many stored no answer (an error or unavailable). */
  engines: { engine: string; audits: number; unanswered: number }[];
  /** The queries audited most often over the same days, with how often. */
  busiestQueries: { query: string; runs: number }[];
}
