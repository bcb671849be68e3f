import { ADMIN_LIST_LIMIT_MAX, estimateReadTime, formatReadTime } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCategoriesQuery } from '../../../../api/admin-queries';
import { PostImage } from '../../../../components/post-image';
import { useSiteConfig } from '../../../../config/use-site-config';
import { summarise } from '../../../../format/summarise';
import { markupToPlainText } from '../../../../markup/light-markup-parser';
import { MARKUP_HINT, MarkupEditor, SHORTCUTS_HINT } from '../editor/markup-editor';
import { MediaLibraryDialog } from '../editor/media-library-dialog';
import { SearchFields } from '../editor/search-fields';
import type { EditorForm } from '../editor/use-editor-form';
import { fromDateTimeLocal } from '../shared/admin-format';
import { describedBy, Field, PublishedSwitch } from '../shared/form-fields';
import { type PostEditorField, type PostEditorValues, type PostFormPlace, postReadTime } from './post-editor-model';

/** The category choice lists every category (the admin list's largest page). */
const EVERY_CATEGORY = { limit: ADMIN_LIST_LIMIT_MAX, offset: 0 };

/** The id of a field's control: the first invalid one gets the focus. */
export const postFieldId = (place: PostFormPlace, field: PostEditorField): string => `${place === 'dialog' ? 'blog-post' : 'post'}-${field}`;

interface PostFormProps {
  place: PostFormPlace;
  form: EditorForm<PostEditorValues>;
  /** The post's address on the site, for the search result preview (the page only). */
  slug?: string;
}

/**
 * The fields of a post, in the quick dialog (New Post / Edit in the Blog Posts tab) and in the full
 * editor: one set of fields, words and checks. The dialog keeps to the short form: an image address,
 * the posted date and the Published switch. The page adds the cover from the media library with its
 * alt text, scheduling, and the search fields.
 */
export function PostForm({ place, form, slug }: PostFormProps) {
  const site = useSiteConfig();
  const { values, errors, set } = form;
  const [choosingCover, setChoosingCover] = useState(false);
  const categories = useQuery(adminCategoriesQuery(EVERY_CATEGORY));
  const names = (categories.data?.items ?? []).map((category) => category.name);
  if (values.category && !names.includes(values.category)) names.unshift(values.category);
  const readTime = postReadTime(values);
  const id = (field: PostEditorField) => postFieldId(place, field);
  const aria = (field: PostEditorField, hint = false) => describedBy(id(field), { hint, error: errors[field] });
  const publishAt = fromDateTimeLocal(values.datePosted);
  const scheduled = values.published && publishAt !== null && Date.parse(publishAt) > Date.now();

  return (
    <>
      <Field id={id('title')} label="Title" required error={errors.title}>
        <input id={id('title')} className={place === 'page' ? 'input editor-title-input' : 'input'} type="text" required value={values.title} onChange={(event) => set('title', event.target.value)} {...aria('title')} />
      </Field>
      <Field id={id('excerpt')} label="Excerpt" required hint="Shown on the blog list and under the title. Accepts the same markup as the content." error={errors.excerpt}>
        {place === 'page' ? (
          <MarkupEditor id={id('excerpt')} value={values.excerpt} onChange={(excerpt) => set('excerpt', excerpt)} rows={3} required aria={aria('excerpt', true)} />
        ) : (
          <textarea id={id('excerpt')} className="textarea admin-textarea-short" required value={values.excerpt} onChange={(event) => set('excerpt', event.target.value)} {...aria('excerpt', true)} />
        )}
      </Field>
      <Field id={id('content')} label="Content" required hint={place === 'page' ? SHORTCUTS_HINT : MARKUP_HINT} error={errors.content}>
        <MarkupEditor
          id={id('content')}
          value={values.content}
          onChange={(content) => set('content', content)}
          rows={place === 'page' ? 18 : 8}
          images={place === 'page'}
          promptForLink={place === 'dialog'}
          required
          aria={aria('content', true)}
        />
      </Field>

      {place === 'page' ? (
        <fieldset className="editor-fieldset">
          <legend>Cover image</legend>
          {values.image ? (
            <div className="cover-chosen">
              <PostImage src={values.image} alt={values.imageAlt} className="cover-thumb" sizes="240px" />
              <div className="cover-actions">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setChoosingCover(true)}>
                  Change cover
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => {
                    set('image', '');
                    set('imageAlt', '');
                  }}
                >
                  Remove cover
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setChoosingCover(true)} id={id('image')}>
              Choose cover image
            </button>
          )}
          {values.image ? (
            <Field id={id('imageAlt')} label="Cover alt text" required hint="What the picture shows, for readers who cannot see it." error={errors.imageAlt}>
              <input id={id('imageAlt')} className="input" type="text" maxLength={300} value={values.imageAlt} onChange={(event) => set('imageAlt', event.target.value)} {...aria('imageAlt', true)} />
            </Field>
          ) : null}
          <MediaLibraryDialog
            open={choosingCover}
            purpose="Use as cover"
            onChoose={(asset, alt) => {
              setChoosingCover(false);
              set('image', asset.url);
              set('imageAlt', alt);
            }}
            onCancel={() => setChoosingCover(false)}
          />
        </fieldset>
      ) : null}

      <div className="form-row">
        <Field id={id('category')} label="Category" required error={errors.category} hint={categories.isSuccess && names.length === 0 ? 'Create a category in the Categories tab first.' : undefined}>
          <select id={id('category')} className="input" required value={values.category} onChange={(event) => set('category', event.target.value)} {...aria('category', categories.isSuccess && names.length === 0)}>
            <option value="">{categories.isPending ? 'Loading categories...' : 'Choose a category'}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={id('readTime')}
          label="Read Time"
          error={errors.readTime}
          hint={readTime.computed ? `${formatReadTime(readTime.minutes)}, computed from the text (200 words a minute). Type a number of minutes to override it.` : 'Your own read time. Clear the field to compute it from the text.'}
        >
          <input
            id={id('readTime')}
            className="input"
            type="text"
            placeholder={formatReadTime(estimateReadTime(values.content))}
            value={values.readTime}
            onChange={(event) => set('readTime', event.target.value)}
            {...aria('readTime', true)}
          />
        </Field>
      </div>

      {place === 'dialog' ? (
        <>
          <div className="form-row">
            <Field id={id('datePosted')} label="Date Posted" required error={errors.datePosted}>
              <input id={id('datePosted')} className="input" type="datetime-local" required value={values.datePosted} onChange={(event) => set('datePosted', event.target.value)} {...aria('datePosted')} />
            </Field>
            <Field id={id('image')} label="Image URL">
              <input id={id('image')} className="input" type="url" placeholder="https://…" value={values.image} onChange={(event) => set('image', event.target.value)} />
            </Field>
          </div>
          <PublishedSwitch id={id('published')} checked={values.published} onChange={(published) => set('published', published)} />
        </>
      ) : (
        <>
          <fieldset className="editor-fieldset">
            <legend>Publishing</legend>
            <div className="editor-radio-row" role="radiogroup" aria-label="Status">
              <label>
                <input type="radio" name="post-status" checked={!values.published} onChange={() => set('published', false)} /> Draft: hidden from the public site
              </label>
              <label>
                <input type="radio" name="post-status" checked={values.published} onChange={() => set('published', true)} /> Publish at the date below (a future date schedules it)
              </label>
            </div>
            <Field
              id={id('datePosted')}
              label="Publish date and time"
              required
              error={errors.datePosted}
              hint={scheduled ? `Scheduled: the post appears on the blog, in the sitemap and in the RSS feed at this moment (your local time).` : 'The date shown on the post. A future moment schedules it.'}
            >
              <input id={id('datePosted')} className="input" type="datetime-local" required value={values.datePosted} onChange={(event) => set('datePosted', event.target.value)} {...aria('datePosted', true)} />
            </Field>
          </fieldset>
          <SearchFields
            idPrefix="post"
            metaTitle={values.metaTitle}
            metaDescription={values.metaDescription}
            onChange={(field, value) => set(field, value)}
            fallbackTitle={`${values.title || 'Post title'} | ${site.brandName}`}
            fallbackDescription={summarise(markupToPlainText(values.excerpt)) || 'The excerpt shows here.'}
            path={`/blog/${slug ?? 'new-post'}`}
            errors={errors}
          />
        </>
      )}
    </>
  );
}
