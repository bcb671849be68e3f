import { type BlogPost, DEFAULT_READ_TIME_MINUTES, formatReadTime, parseReadTime } from '@agency/shared';
import { fromDateTimeLocal, toDateTimeLocal } from './admin-format';

export interface BlogPostFormValues {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image: string;
  /** As typed: '5 min read', '7' ... */
  readTime: string;
  /** A datetime-local value. */
  datePosted: string;
  published: boolean;
}

/** The body of POST and PUT /api/admin/blog-posts as the content service reads it. */
export interface BlogPostInput {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image?: string;
  /** Whole minutes. */
  readTime: number;
  published: boolean;
  /** ISO 8601 instant. */
  datePosted: string;
  imageAlt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
}

/** The defaults for a new post: read time '5 min read', posted now, a draft. */
export function blogPostFormValues(post: BlogPost | undefined, now: Date = new Date()): BlogPostFormValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    category: post?.category ?? '',
    image: post?.image ?? '',
    readTime: formatReadTime(post?.readTime ?? DEFAULT_READ_TIME_MINUTES),
    datePosted: toDateTimeLocal(post ? new Date(post.datePosted) : now),
    published: post?.published ?? false,
  };
}

export type FormOutcome<T> = { ok: true; input: T } | { ok: false; problem: string };

/**
 * The request body from the form: text trimmed, an empty image left out (the form
 * never sends null), an empty read time sent as the default 5 minutes, the date as an ISO instant.
 */
export function blogPostInput(values: BlogPostFormValues): FormOutcome<BlogPostInput> {
  const readTime = values.readTime.trim() ? parseReadTime(values.readTime) : DEFAULT_READ_TIME_MINUTES;
  if (readTime === null) return { ok: false, problem: "Read time must be a number of minutes, such as '5 min read'." };
  const datePosted = fromDateTimeLocal(values.datePosted);
  if (datePosted === null) return { ok: false, problem: 'Date posted must be a date and time.' };
  const image = values.image.trim();
  return {
    ok: true,
    input: {
      title: values.title.trim(),
      excerpt: values.excerpt.trim(),
      content: values.content.trim(),
      category: values.category,
      ...(image ? { image } : {}),
      readTime,
      published: values.published,
      datePosted,
    },
  };
}
