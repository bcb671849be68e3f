import { SEARCH_LAB_POSITION_DEFAULT, type SearchLabEntry, TEXT_LIMITS } from '@agency/shared';
import type { FieldErrors } from '../editor/use-editor-form';
import { caseStudyPosition, type CaseStudyInput } from '../ordered-content/ordered-content-form';

/**
 * The case-study form, in the quick dialog and the full editor alike: every field as typed. The
 * quick dialog shows fewer of them; the others ride along unchanged, so a quick edit never clears them.
 */
export interface CaseStudyEditorValues {
  title: string;
  summary: string;
  chatgptLink: string;
  challenge: string;
  whatChanged: string;
  result: string;
  /** YYYY-MM-DD or empty. */
  caseDate: string;
  published: boolean;
  /** 'Position Number' as typed (the quick dialog's field; the Search Lab tab's reorder sets it too). */
  position: string;
  metaTitle: string;
  metaDescription: string;
}

/** Where the form is shown: the quick dialog of the Search Lab tab, or the full editor's page. */
export type CaseStudyFormPlace = 'dialog' | 'page';

export type CaseStudyField = keyof CaseStudyEditorValues;
export const CASE_STUDY_FIELD_ORDER: CaseStudyField[] = ['title', 'summary', 'chatgptLink', 'position', 'caseDate', 'challenge', 'whatChanged', 'result', 'metaTitle', 'metaDescription'];

export function caseStudyEditorValues(entry: SearchLabEntry | undefined): CaseStudyEditorValues {
  return {
    title: entry?.title ?? '',
    summary: entry?.summary ?? '',
    chatgptLink: entry?.chatgptLink ?? '',
    challenge: entry?.challenge ?? '',
    whatChanged: entry?.whatChanged ?? '',
    result: entry?.result ?? '',
    caseDate: entry?.caseDate ?? '',
    published: entry?.published ?? false,
    position: String(entry?.displayOrder ?? SEARCH_LAB_POSITION_DEFAULT),
    metaTitle: entry?.metaTitle ?? '',
    metaDescription: entry?.metaDescription ?? '',
  };
}

/** An absolute address, as the browser's URL field accepts it; the server keeps to http and https. */
function isAbsoluteUrl(value: string): boolean {
  try {
    return Boolean(new URL(value));
  } catch {
    return false;
  }
}

export function caseStudyEditorErrors(values: CaseStudyEditorValues): FieldErrors<CaseStudyField> {
  const errors: FieldErrors<CaseStudyField> = {};
  if (!values.title.trim()) errors.title = 'Give the case study a title.';
  if (!values.summary.trim()) errors.summary = 'Write a summary: it is the overview readers see first.';
  if (!values.chatgptLink.trim()) errors.chatgptLink = 'Paste the link to the ChatGPT conversation.';
  else if (!isAbsoluteUrl(values.chatgptLink.trim())) errors.chatgptLink = 'Use the full address, starting with https://.';
  if (values.caseDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.caseDate)) errors.caseDate = 'Choose a date, or leave it empty.';
  for (const field of ['challenge', 'whatChanged', 'result'] as const) {
    if (values[field].length > TEXT_LIMITS.caseStudySection) errors[field] = `Keep this section to ${TEXT_LIMITS.caseStudySection} characters.`;
  }
  if (values.metaTitle.trim().length > TEXT_LIMITS.metaTitle) errors.metaTitle = `Keep the search title to ${TEXT_LIMITS.metaTitle} characters.`;
  if (values.metaDescription.trim().length > TEXT_LIMITS.metaDescription) errors.metaDescription = `Keep the search description to ${TEXT_LIMITS.metaDescription} characters.`;
  return errors;
}

/**
 * The request body. The position is the typed one (an invalid or missing one is sent as 0); the full
 * editor, which has no position field, passes the stored one, set by reordering in the Search Lab tab.
 */
export function caseStudyEditorInput(values: CaseStudyEditorValues, displayOrder: number = caseStudyPosition(values.position)): CaseStudyInput {
  const optional = (text: string) => text.trim() || null;
  return {
    title: values.title.trim(),
    summary: values.summary.trim(),
    chatgptLink: values.chatgptLink.trim(),
    published: values.published,
    displayOrder,
    challenge: optional(values.challenge),
    whatChanged: optional(values.whatChanged),
    result: optional(values.result),
    caseDate: values.caseDate || null,
    metaTitle: optional(values.metaTitle),
    metaDescription: optional(values.metaDescription),
  };
}
