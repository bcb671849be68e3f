import { ADMIN_LIST_LIMIT_MAX, type BlogPost, estimateReadTime, formatReadTime } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCategoriesQuery } from '../../../../api/admin-queries';
import { serverText, useSaveItem } from '../shared/admin-resource';
import { blogPostFormValues, blogPostInput, type BlogPostInput } from './blog-post-form';
import { blogPostResource } from '../shared/content-resources';
import type { ItemDialogProps } from '../shared/crud-panel';
import { EntityDialog } from '../shared/entity-dialog';
import { Field, hintId, PublishedSwitch, useFormValues } from '../shared/form-fields';
import { MARKUP_HINT, MarkupEditor } from '../editor/markup-editor-old';

/** The category choice lists every category (the admin list's largest page). */
const EVERY_CATEGORY = { limit: ADMIN_LIST_LIMIT_MAX, offset: 0 };

export function BlogPostDialog({ item, onClose }: ItemDialogProps<BlogPost>) {
  const form = useFormValues('blog-post', blogPostFormValues(item));
  const { values, set, text, fieldId } = form;
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveItem<BlogPostInput>(blogPostResource, item?.id, onClose);
  const categories = useQuery(adminCategoriesQuery(EVERY_CATEGORY));
  const names = (categories.data?.items ?? []).map((category) => category.name);
  if (values.category && !names.includes(values.category)) names.unshift(values.category);

  const submit = () => {
    const outcome = blogPostInput(values);
    setProblem(outcome.ok ? null : outcome.problem);
    // The full editor's own fields ride along unchanged, so a quick edit here never clears them.
    if (outcome.ok) save.mutate({ ...outcome.input, imageAlt: item?.imageAlt ?? null, metaTitle: item?.metaTitle ?? null, metaDescription: item?.metaDescription ?? null });
  };

  return (
    <EntityDialog
      title={item ? 'Edit Blog Post' : 'Create New Blog Post'}
      submitLabel={item ? 'Update' : 'Create'}
      busy={save.isPending}
      error={problem ?? (save.error ? serverText(save.error) : null)}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field id={fieldId('title')} label="Title" required>
        <input className="input" type="text" required {...text('title')} />
      </Field>
      <Field id={fieldId('excerpt')} label="Excerpt" required hint="Shown on the blog list and under the title. Accepts the same markup as the content.">
        <textarea className="textarea admin-textarea-short" required aria-describedby={hintId(fieldId('excerpt'))} {...text('excerpt')} />
      </Field>
      <Field id={fieldId('content')} label="Content" required hint={MARKUP_HINT}>
        <MarkupEditor id={fieldId('content')} value={values.content} onChange={(content) => set('content', content)} required />
      </Field>
      <div className="form-row">
        <Field
          id={fieldId('category')}
          label="Category"
          required
          hint={categories.isSuccess && names.length === 0 ? 'Create a category in the Categories tab first.' : undefined}
        >
          <select className="input" required {...text('category')}>
            <option value="">{categories.isPending ? 'Loading categories...' : 'Choose a category'}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fieldId('readTime')} label="Read Time" hint="Leave empty to compute it from the text (200 words a minute).">
          <input className="input" type="text" placeholder={formatReadTime(estimateReadTime(values.content))} aria-describedby={hintId(fieldId('readTime'))} {...text('readTime')} />
        </Field>
      </div>
      <div className="form-row">
        <Field id={fieldId('datePosted')} label="Date Posted" required>
          <input className="input" type="datetime-local" required {...text('datePosted')} />
        </Field>
        <Field id={fieldId('image')} label="Image URL">
          <input className="input" type="url" placeholder="https://…" {...text('image')} />
        </Field>
      </div>
      <PublishedSwitch id={fieldId('published')} checked={values.published} onChange={(published) => set('published', published)} />
    </EntityDialog>
  );
}
