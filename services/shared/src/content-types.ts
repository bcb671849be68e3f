/** Public JSON shapes of the content service's resources. Dates are ISO 8601 strings. */

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image: string | null;
  /** Whole minutes; shown as '{n} min read'. */
  readTime: number;
  published: boolean;
  datePosted: string;
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

export type SubscriberSource = 'contact' | 'newsletter' | 'ai-search-audit' | 'query-fan-out' | 'ai-image-reader';

/** The error body every service answers with (docs/api.md, "Errors"). */
export interface ApiError {
  statusCode: number;
  message: string;
  error: string;
}
