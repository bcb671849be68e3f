import { type BlogPost, estimateReadTime, formatReadTime, parseReadTime } from '@agency/shared';
import { fromDateTimeLocal, toDateTimeLocal } from '../shared/admin-format';

export interface BlogPostFormValues {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image: string;
  /** Staff's override as typed ('5 min read', '7' ...); empty means computed from the text. */
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
  /** Whole minutes, or null for the server to compute from the content. */
  readTime: number | null;
  published: boolean;
  /** ISO 8601 instant. */
  datePosted: string;
  imageAlt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
}

/**
 * The defaults for a new post: read time computed, posted now, a draft. A stored read time equal to
 * the one the text gives is shown as computed, so it keeps following the text.
 */
export function blogPostFormValues(post: BlogPost | undefined, now: Date = new Date()): BlogPostFormValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    category: post?.category ?? '',
    image: post?.image ?? '',
    readTime: post && post.readTime !== estimateReadTime(post.content) ? formatReadTime(post.readTime) : '',
    datePosted: toDateTimeLocal(post ? new Date(post.datePosted) : now),
    published: post?.published ?? false,
  };
}

export type FormOutcome<T> = { ok: true; input: T } | { ok: false; problem: string };

/**
 * The request body from the form: text trimmed, an empty image left out (the form
 * never sends null), an empty read time sent as null (computed by the server), the date as an ISO instant.
 */
export function blogPostInput(values: BlogPostFormValues): FormOutcome<BlogPostInput> {
  const readTime = values.readTime.trim() ? parseReadTime(values.readTime) : null;
  if (values.readTime.trim() && readTime === null) return { ok: false, problem: "Read time must be a number of minutes, such as '5 min read'." };
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
