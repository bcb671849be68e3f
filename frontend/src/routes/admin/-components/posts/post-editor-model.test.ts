import { describe, expect, it } from 'vitest';
import { postEditorErrors, postEditorInput, postEditorValues, postReadTime, postSaveLabel, postState } from './post-editor-model';

const now = Date.parse('2030-01-01T12:00:00Z');

describe('post editor model', () => {
  it('tells draft, scheduled and published apart by the flag and the moment', () => {
    expect(postState({ published: false, datePosted: '2031-01-01T00:00:00Z' }, now)).toBe('draft');
    expect(postState({ published: true, datePosted: '2030-01-01T12:00:01Z' }, now)).toBe('scheduled');
    expect(postState({ published: true, datePosted: '2030-01-01T12:00:00Z' }, now)).toBe('published');
  });

  it('names every missing field in plain English, and the cover alt text only with a cover', () => {
    const empty = postEditorValues(undefined, new Date(now));
    expect(Object.keys(postEditorErrors(empty))).toEqual(['title', 'excerpt', 'content', 'category']);
    const withCover = { ...empty, title: 'T', excerpt: 'E', content: 'C', category: 'AI Search', image: '/media/0123456789abcdef-100x50/100.jpg' };
    expect(postEditorErrors(withCover)).toEqual({ imageAlt: 'Describe the cover image for readers who cannot see it.' });
    expect(postEditorErrors({ ...withCover, imageAlt: 'A chart', metaTitle: 'x'.repeat(61) })).toEqual({ metaTitle: 'Keep the search title to 60 characters.' });
  });

  it('sends empty search fields as null and drops the alt text without a cover', () => {
    const values = { ...postEditorValues(undefined, new Date(now)), title: ' T ', excerpt: 'E', content: 'C', category: 'AI Search', imageAlt: 'stale', metaTitle: '  ' };
    const input = postEditorInput(values);
    expect(input).toMatchObject({ title: 'T', imageAlt: null, metaTitle: null, metaDescription: null, readTime: null, published: false });
    expect(input.image).toBeUndefined();
  });

  it('shows the read time computed from the text until staff type their own', () => {
    const values = { ...postEditorValues(undefined, new Date(now)), content: Array.from({ length: 1_000 }, () => 'word').join(' ') };
    expect(postReadTime(values)).toEqual({ minutes: 5, computed: true });
    expect(postReadTime({ ...values, readTime: '9 min read' })).toEqual({ minutes: 9, computed: false });
    expect(postEditorInput({ ...values, readTime: '9' }).readTime).toBe(9);
  });

  it('words the button for what saving does', () => {
    const base = postEditorValues(undefined, new Date(now));
    expect(postSaveLabel(base, null, now)).toBe('Save draft');
    expect(postSaveLabel({ ...base, published: true, datePosted: '2030-01-01T13:00' }, 'draft', now)).toBe('Schedule');
    expect(postSaveLabel({ ...base, published: true, datePosted: '2030-01-01T13:00' }, 'scheduled', now)).toBe('Update schedule');
    expect(postSaveLabel({ ...base, published: true, datePosted: '2029-01-01T13:00' }, 'draft', now)).toBe('Publish');
    expect(postSaveLabel({ ...base, published: true, datePosted: '2029-01-01T13:00' }, 'published', now)).toBe('Update');
  });
});
