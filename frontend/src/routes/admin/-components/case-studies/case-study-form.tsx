import { SEARCH_LAB_POSITION_HINT, SEARCH_LAB_POSITION_MIN } from '@agency/shared';
import { useSiteConfig } from '../../../../config/use-site-config';
import { summarise } from '../../../../format/summarise';
import { MarkupEditor } from '../editor/markup-editor';
import { SearchFields } from '../editor/search-fields';
import type { EditorForm } from '../editor/use-editor-form';
import { describedBy, Field, PublishedSwitch } from '../shared/form-fields';
import type { CaseStudyEditorValues, CaseStudyField, CaseStudyFormPlace } from './case-study-editor-model';

/** The optional sections, each shown on the public page only when filled. */
const SECTIONS: { field: 'challenge' | 'whatChanged' | 'result'; label: string; hint: string }[] = [
  { field: 'challenge', label: 'The challenge', hint: 'What the client faced before the work.' },
  { field: 'whatChanged', label: 'What changed', hint: 'What was done, in the order it happened.' },
  { field: 'result', label: 'The result', hint: 'The outcome with its figures, such as “cited in 7 of 10 answers, up from 0”.' },
];

/** The id of a field's control: the first invalid one gets the focus. */
export const caseStudyFieldId = (place: CaseStudyFormPlace, field: CaseStudyField): string => `${place === 'dialog' ? 'search-lab' : 'case'}-${field}`;

interface CaseStudyFormProps {
  place: CaseStudyFormPlace;
  form: EditorForm<CaseStudyEditorValues>;
  /** The case study's address on the site, for the search result preview (the page only). */
  slug?: string;
}

/**
 * The fields of a case study, in the quick dialog (New Entry / Edit in the Search Lab tab) and in the
 * full editor: one set of fields, words and checks. The dialog keeps to the short form with the
 * Position Number and the Published switch; the page adds the date, the sections and the search fields.
 */
export function CaseStudyForm({ place, form, slug }: CaseStudyFormProps) {
  const site = useSiteConfig();
  const { values, errors, set } = form;
  const id = (field: CaseStudyField) => caseStudyFieldId(place, field);
  const aria = (field: CaseStudyField, hint = false) => describedBy(id(field), { hint, error: errors[field] });
  const link = (
    <Field id={id('chatgptLink')} label="ChatGPT Link" required error={errors.chatgptLink}>
      <input
        id={id('chatgptLink')}
        className="input"
        type="url"
        required
        placeholder="https://chatgpt.com/share/…"
        value={values.chatgptLink}
        onChange={(event) => set('chatgptLink', event.target.value)}
        {...aria('chatgptLink')}
      />
    </Field>
  );
  return (
    <>
      <Field id={id('title')} label="Title" required error={errors.title}>
        <input id={id('title')} className={place === 'page' ? 'input editor-title-input' : 'input'} type="text" required value={values.title} onChange={(event) => set('title', event.target.value)} {...aria('title')} />
      </Field>
      <Field id={id('summary')} label="Summary" required hint="The overview at the top of the page and on the Search Lab list." error={errors.summary}>
        <textarea
          id={id('summary')}
          className={place === 'page' ? 'textarea' : 'textarea admin-textarea-short'}
          rows={5}
          required
          value={values.summary}
          onChange={(event) => set('summary', event.target.value)}
          {...aria('summary', true)}
        />
      </Field>
      {place === 'dialog' ? (
        <>
          {link}
          <Field id={id('position')} label="Position Number" required hint={SEARCH_LAB_POSITION_HINT} error={errors.position}>
            <input
              id={id('position')}
              className="input admin-input-number"
              type="number"
              inputMode="numeric"
              min={SEARCH_LAB_POSITION_MIN}
              step={1}
              required
              value={values.position}
              onChange={(event) => set('position', event.target.value)}
              {...aria('position', true)}
            />
          </Field>
          <PublishedSwitch id={id('published')} checked={values.published} onChange={(published) => set('published', published)} />
        </>
      ) : (
        <>
          <div className="form-row">
            {link}
            <Field id={id('caseDate')} label="Date of the work" hint="Optional; shown under the title." error={errors.caseDate}>
              <input id={id('caseDate')} className="input" type="date" value={values.caseDate} onChange={(event) => set('caseDate', event.target.value)} {...aria('caseDate', true)} />
            </Field>
          </div>
          <fieldset className="editor-fieldset">
            <legend>Sections (optional)</legend>
            <p className="form-notice">Each section appears on the page only when it has text.</p>
            {SECTIONS.map(({ field, label, hint }) => (
              <Field key={field} id={id(field)} label={label} hint={hint} error={errors[field]}>
                <MarkupEditor id={id(field)} value={values[field]} onChange={(text) => set(field, text)} rows={5} aria={aria(field, true)} />
              </Field>
            ))}
          </fieldset>
          <fieldset className="editor-fieldset">
            <legend>Publishing</legend>
            <div className="editor-radio-row" role="radiogroup" aria-label="Status">
              <label>
                <input type="radio" name="case-status" checked={!values.published} onChange={() => set('published', false)} /> Draft: hidden from the public site
              </label>
              <label>
                <input type="radio" name="case-status" checked={values.published} onChange={() => set('published', true)} /> Published
              </label>
            </div>
          </fieldset>
          <SearchFields
            idPrefix="case"
            metaTitle={values.metaTitle}
            metaDescription={values.metaDescription}
            onChange={(field, value) => set(field, value)}
            fallbackTitle={`${values.title || 'Case study title'} | LLM Search Lab | ${site.brandName}`}
            fallbackDescription={summarise(values.summary) || 'The summary shows here.'}
            path={`/search-lab/${slug ?? 'new-case-study'}`}
            errors={errors}
          />
        </>
      )}
    </>
  );
}
