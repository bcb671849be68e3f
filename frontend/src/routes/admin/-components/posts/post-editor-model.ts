import { type BlogPost, estimateReadTime, formatReadTime, parseReadTime, TEXT_LIMITS } from '@agency/shared';
import type { FieldErrors } from '../editor/use-editor-form';
import { fromDateTimeLocal, toDateTimeLocal } from '../shared/admin-format';

/**
 * The post form, in the quick dialog and the full editor alike: every field of a post as typed.
 * The quick dialog shows fewer of them; the others ride along unchanged, so a quick edit never clears them.
 */
export interface PostEditorValues {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image: string;
  imageAlt: string;
  /** Staff's override as typed ('5 min read', '7' ...); empty means computed from the text. */
  readTime: string;
  /** A datetime-local value: the moment the post goes public. */
  datePosted: string;
  published: boolean;
  metaTitle: string;
  metaDescription: string;
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
  imageAlt: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

/** Where the form is shown: the quick dialog of the Blog Posts tab, or the full editor's page. */
export type PostFormPlace = 'dialog' | 'page';

export type PostEditorField = keyof PostEditorValues;

/** The order fields appear in, so the first invalid one gets the focus. */
export const POST_FIELD_ORDER: PostEditorField[] = ['title', 'excerpt', 'content', 'image', 'imageAlt', 'category', 'readTime', 'datePosted', 'metaTitle', 'metaDescription'];

/**
 * The defaults for a new post: read time computed, posted now, a draft. A stored read time equal to
 * the one the text gives is shown as computed, so it keeps following the text.
 */
export function postEditorValues(post: BlogPost | undefined, now: Date = new Date()): PostEditorValues {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    category: post?.category ?? '',
    image: post?.image ?? '',
    readTime: post && post.readTime !== estimateReadTime(post.content) ? formatReadTime(post.readTime) : '',
    datePosted: toDateTimeLocal(post ? new Date(post.datePosted) : now),
    published: post?.published ?? false,
    imageAlt: post?.imageAlt ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
  };
}

export type PostState = 'draft' | 'scheduled' | 'published';

/** Draft, Scheduled (published with a moment still ahead) or Published. */
export function postState(post: Pick<BlogPost, 'published' | 'datePosted'>, now: number = Date.now()): PostState {
  if (!post.published) return 'draft';
  return Date.parse(post.datePosted) > now ? 'scheduled' : 'published';
}

/**
 * Plain-English problems, one per field, in the words shown under it; empty when the post can be
 * saved. The server checks the same again. The cover's alt text is asked for where the cover is
 * chosen, on the page; the quick dialog's image address has no alt field beside it.
 */
export function postEditorErrors(values: PostEditorValues, place: PostFormPlace = 'page'): FieldErrors<PostEditorField> {
  const errors: FieldErrors<PostEditorField> = {};
  if (!values.title.trim()) errors.title = 'Give the post a title.';
  else if (values.title.trim().length > TEXT_LIMITS.title) errors.title = `Keep the title to ${TEXT_LIMITS.title} characters.`;
  if (!values.excerpt.trim()) errors.excerpt = 'Write a short excerpt: it shows on the blog list and under the title.';
  if (!values.content.trim()) errors.content = 'Write the post’s text.';
  if (place === 'page' && values.image.trim() && !values.imageAlt.trim()) errors.imageAlt = 'Describe the cover image for readers who cannot see it.';
  if (!values.category) errors.category = 'Choose a category.';
  if (values.readTime.trim() && parseReadTime(values.readTime) === null) errors.readTime = "Enter the read time in minutes, such as '5 min read'.";
  if (fromDateTimeLocal(values.datePosted) === null) errors.datePosted = 'Choose the date and time the post goes public.';
  if (values.metaTitle.trim().length > TEXT_LIMITS.metaTitle) errors.metaTitle = `Keep the search title to ${TEXT_LIMITS.metaTitle} characters.`;
  if (values.metaDescription.trim().length > TEXT_LIMITS.metaDescription) {
    errors.metaDescription = `Keep the search description to ${TEXT_LIMITS.metaDescription} characters.`;
  }
  return errors;
}

/** The request body: text trimmed, an empty image left out, an empty read time sent as null (computed by the server), empty search fields as null. Call only when postEditorErrors is empty. */
export function postEditorInput(values: PostEditorValues): BlogPostInput {
  const image = values.image.trim();
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    content: values.content.trim(),
    category: values.category,
    ...(image ? { image } : {}),
    imageAlt: image ? values.imageAlt.trim() : null,
    readTime: values.readTime.trim() ? parseReadTime(values.readTime) : null,
    published: values.published,
    datePosted: fromDateTimeLocal(values.datePosted) ?? new Date().toISOString(),
    metaTitle: values.metaTitle.trim() || null,
    metaDescription: values.metaDescription.trim() || null,
  };
}

/** The read time the post will show: staff's override when typed, otherwise computed from the text. */
export function postReadTime(values: Pick<PostEditorValues, 'content' | 'readTime'>): { minutes: number; computed: boolean } {
  const override = values.readTime.trim() ? parseReadTime(values.readTime) : null;
  return override === null ? { minutes: estimateReadTime(values.content), computed: true } : { minutes: override, computed: false };
}

/** The primary button's words for what saving will do. */
export function postSaveLabel(values: PostEditorValues, savedState: PostState | null, now: number = Date.now()): string {
  if (!values.published) return 'Save draft';
  const at = fromDateTimeLocal(values.datePosted);
  if (at && Date.parse(at) > now) return savedState === 'scheduled' ? 'Update schedule' : 'Schedule';
  return savedState === 'published' ? 'Update' : 'Publish';
}
