import { TEXT_LIMITS } from '@agency/shared';
import { siteHref } from '../../../../config/site-config';
import { useSiteConfig } from '../../../../config/use-site-config';
import { LengthCounter } from './editor-fields';
import { describedBy, Field } from '../shared/form-fields';

interface SearchFieldsProps {
  idPrefix: string;
  metaTitle: string;
  metaDescription: string;
  onChange: (field: 'metaTitle' | 'metaDescription', value: string) => void;
  /** What search engines show when the fields are left empty. */
  fallbackTitle: string;
  fallbackDescription: string;
  path: string;
  errors: { metaTitle?: string; metaDescription?: string };
}

/** Optional search title and description with their length counters, and how a result would look. */
export function SearchFields({ idPrefix, metaTitle, metaDescription, onChange, fallbackTitle, fallbackDescription, path, errors }: SearchFieldsProps) {
  const site = useSiteConfig();
  const titleId = `${idPrefix}-metaTitle`;
  const descriptionId = `${idPrefix}-metaDescription`;
  const shownTitle = metaTitle.trim() || fallbackTitle;
  const shownDescription = metaDescription.trim() || fallbackDescription;
  return (
    <fieldset className="editor-fieldset">
      <legend>Search and social</legend>
      <p className="form-notice">Optional. Left empty, search results and social cards use the title and the excerpt.</p>
      <Field
        id={titleId}
        label="Search title"
        hint={`Shown as the link in search results; about ${TEXT_LIMITS.metaTitle} characters fit.`}
        error={errors.metaTitle}
        counter={<LengthCounter id={titleId} length={metaTitle.trim().length} limit={TEXT_LIMITS.metaTitle} />}
      >
        <input id={titleId} className="input" type="text" value={metaTitle} onChange={(event) => onChange('metaTitle', event.target.value)} {...describedBy(titleId, { hint: true, error: errors.metaTitle })} />
      </Field>
      <Field
        id={descriptionId}
        label="Search description"
        hint={`The sentence under the link; about ${TEXT_LIMITS.metaDescription} characters fit.`}
        error={errors.metaDescription}
        counter={<LengthCounter id={descriptionId} length={metaDescription.trim().length} limit={TEXT_LIMITS.metaDescription} />}
      >
        <textarea
          id={descriptionId}
          className="textarea admin-textarea-short"
          value={metaDescription}
          onChange={(event) => onChange('metaDescription', event.target.value)}
          {...describedBy(descriptionId, { hint: true, error: errors.metaDescription })}
        />
      </Field>
      <figure className="serp-preview" aria-label="Search result preview">
        <figcaption className="form-notice">Search result preview</figcaption>
        <p className="serp-url">{siteHref(site, path)}</p>
        <p className="serp-title">{clip(shownTitle, TEXT_LIMITS.metaTitle)}</p>
        <p className="serp-description">{clip(shownDescription, TEXT_LIMITS.metaDescription)}</p>
      </figure>
    </fieldset>
  );
}

/** As a search engine shortens it: cut at a word, with an ellipsis. */
export function clip(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
