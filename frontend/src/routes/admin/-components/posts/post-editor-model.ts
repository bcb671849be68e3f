import { type BlogPost, estimateReadTime, parseReadTime, TEXT_LIMITS } from '@agency/shared';
import { fromDateTimeLocal } from '../shared/admin-format';
import { blogPostFormValues, type BlogPostInput } from './blog-post-form';

/** The full editor's form: every field of a post as typed. */
export interface PostEditorValues {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image: string;
  imageAlt: string;
  readTime: string;
  /** A datetime-local value: the moment the post goes public. */
  datePosted: string;
  published: boolean;
  metaTitle: string;
  metaDescription: string;
}

export type PostEditorField = keyof PostEditorValues;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The order fields appear in, so the first invalid one gets the focus. */
export const POST_FIELD_ORDER: PostEditorField[] = ['title', 'excerpt', 'content', 'image', 'imageAlt', 'category', 'readTime', 'datePosted', 'metaTitle', 'metaDescription'];

export function postEditorValues(post: BlogPost | undefined, now: Date = new Date()): PostEditorValues {
  // The quick-edit dialog's fields and defaults, plus the editor's own.
  return {
    ...blogPostFormValues(post, now),
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
 * saved. The server checks the same again.
 */
export function postEditorErrors(values: PostEditorValues): FieldErrors<PostEditorField> {
  const errors: FieldErrors<PostEditorField> = {};
  if (!values.title.trim()) errors.title = 'Give the post a title.';
  else if (values.title.trim().length > TEXT_LIMITS.title) errors.title = `Keep the title to ${TEXT_LIMITS.title} characters.`;
  if (!values.excerpt.trim()) errors.excerpt = 'Write a short excerpt: it shows on the blog list and under the title.';
  if (!values.content.trim()) errors.content = 'Write the post’s text.';
  if (values.image.trim() && !values.imageAlt.trim()) errors.imageAlt = 'Describe the cover image for readers who cannot see it.';
  if (!values.category) errors.category = 'Choose a category.';
  if (values.readTime.trim() && parseReadTime(values.readTime) === null) errors.readTime = "Enter the read time in minutes, such as '5 min read'.";
  if (fromDateTimeLocal(values.datePosted) === null) errors.datePosted = 'Choose the date and time the post goes public.';
  if (values.metaTitle.trim().length > TEXT_LIMITS.metaTitle) errors.metaTitle = `Keep the search title to ${TEXT_LIMITS.metaTitle} characters.`;
  if (values.metaDescription.trim().length > TEXT_LIMITS.metaDescription) {
    errors.metaDescription = `Keep the search description to ${TEXT_LIMITS.metaDescription} characters.`;
  }
  return errors;
}

/** The request body; call only when postEditorErrors is empty. */
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
