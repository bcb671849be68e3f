/** Public JSON shapes of the content service's resources. Dates are ISO 8601 strings. */

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image: string | null;
  /** The cover image's alternative text; required whenever `image` is set. */
  imageAlt: string | null;
  /** Whole minutes; shown as '{n} min read'. */
  readTime: number;
  published: boolean;
  /** A published post whose datePosted is still ahead is scheduled: public from that moment. */
  datePosted: string;
  /** Optional title and description for search results and social cards (the title and excerpt otherwise). */
  metaTitle: string | null;
  metaDescription: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Category {
  id: number;
  name: string;
  description: string | null;
}

export interface SearchLabEntry {
  id: number;
  slug: string;
  title: string;
  summary: string;
  chatgptLink: string;
  published: boolean;
  /** Higher numbers are listed first. */
  displayOrder: number;
  metaTitle: string | null;
  metaDescription: string | null;
  /** Optional sections of the case-study page, each shown only when filled (light markup). */
  challenge: string | null;
  whatChanged: string | null;
  /** The outcome, with its figures. */
  result: string | null;
  /** When the work was done, as YYYY-MM-DD. */
  caseDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface YoutubeVideo {
  id: number;
  title: string;
  description: string;
  youtubeUrl: string;
  youtubeId: string;
  published: boolean;
  /** Lower numbers are listed first (0 at the top); equal numbers newest first. */
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** An uploaded image of the media library, re-encoded into responsive variants (docs/api.md, "Media"). */
export interface MediaAsset {
  id: number;
  /** The largest JPEG variant: the address stored in posts, from which every variant is derived (media-urls.ts). */
  url: string;
  alt: string;
  width: number;
  height: number;
  /** The uploaded file's name, for the library's list. */
  originalName: string;
  /** Bytes of all variants together. */
  storedBytes: number;
  createdAt: string;
  /** The posts and case studies that show it (as a cover or in their text); it cannot be deleted while any does. */
  usedBy: MediaUse[];
}

export interface MediaUse {
  kind: 'post' | 'case-study';
  id: number;
  title: string;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
  createdAt: string;
  /** Admin only: what staff have done with it, and their private note. */
  status: 'new' | 'handled' | 'archived';
  note: string | null;
  updatedAt: string;
}

/** Where a marketing sign-up came from: a form of the site, one per tool (a new tool adds its own here). */
export const SUBSCRIBER_SOURCES = ['contact', 'newsletter', 'ai-search-audit', 'query-fan-out', 'ai-image-reader', 'ai-crawler-log-analyzer'] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/** The error body every service answers with (docs/api.md, "Errors"). */
export interface ApiError {
  statusCode: number;
  message: string;
  error: string;
}
