import type { SearchLabEntry } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { caseStudyEditorErrors, caseStudyEditorInput, caseStudyEditorValues } from './case-study-editor-model';

const entry: SearchLabEntry = {
  id: 3,
  slug: 'protein-bars',
  title: 'Protein bars',
  summary: 'What we asked.',
  chatgptLink: 'https://chatgpt.com/share/x',
  published: true,
  displayOrder: 4,
  challenge: 'Never named.',
  whatChanged: null,
  result: null,
  caseDate: '2025-06-30',
  metaTitle: 'A search title',
  metaDescription: null,
  createdAt: '2025-06-24T08:30:00.000Z',
  updatedAt: '2025-06-24T08:30:00.000Z',
};

describe('the case-study form, in the quick dialog and the full editor', () => {
  it('starts a new entry as a draft at position 1', () => {
    const values = caseStudyEditorValues(undefined);
    expect(values).toMatchObject({ title: '', published: false, position: '1' });
    expect(Object.keys(caseStudyEditorErrors(values))).toEqual(['title', 'summary', 'chatgptLink']);
  });

  it('sends the typed position, an invalid one as 0, and keeps the full editor’s fields through a quick edit', () => {
    const values = caseStudyEditorValues(entry);
    expect(caseStudyEditorInput({ ...values, title: 'Renamed', position: '12' })).toMatchObject({
      title: 'Renamed',
      displayOrder: 12,
      challenge: 'Never named.',
      caseDate: '2025-06-30',
      metaTitle: 'A search title',
    });
    expect(caseStudyEditorInput({ ...values, position: 'top' }).displayOrder).toBe(0);
    // The full editor has no position field: it sends the stored one.
    expect(caseStudyEditorInput({ ...values, position: '12' }, 4).displayOrder).toBe(4);
  });

  it('asks for a full address; which schemes a case study may link to is the server’s rule', () => {
    const values = caseStudyEditorValues(entry);
    expect(caseStudyEditorErrors({ ...values, chatgptLink: 'chatgpt.com/share/x' })).toEqual({ chatgptLink: 'Use the full address, starting with https://.' });
    expect(caseStudyEditorErrors({ ...values, chatgptLink: 'ftp://chatgpt.com/share/x' })).toEqual({});
  });
});
