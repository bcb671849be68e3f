import type { BlogPost } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { postEditorErrors, postEditorInput, postEditorValues, postReadTime, postSaveLabel, postState } from './post-editor-model';

const now = Date.parse('2030-01-01T12:00:00Z');

const post: BlogPost = {
  id: 4,
  slug: 'a-post',
  title: 'A post',
  excerpt: 'Short',
  content: 'Body',
  category: 'Amazon',
  image: null,
  imageAlt: null,
  metaTitle: null,
  metaDescription: null,
  readTime: 7,
  published: true,
  datePosted: '2025-06-24T08:30:00.000Z',
  createdAt: '2025-06-24T08:30:00.000Z',
  updatedAt: '2025-06-24T08:30:00.000Z',
};

describe('the post form, in the quick dialog and the full editor', () => {
  it('starts a new post as a draft posted now, its read time left to the text', () => {
    const start = new Date(2025, 6, 4, 10, 15);
    expect(postEditorValues(undefined, start)).toEqual({
      title: '',
      excerpt: '',
      content: '',
      category: '',
      image: '',
      imageAlt: '',
      readTime: '',
      datePosted: '2025-07-04T10:15',
      published: false,
      metaTitle: '',
      metaDescription: '',
    });
  });

  it('fills in a post being edited, and sends back what it was given', () => {
    const values = postEditorValues(post);
    expect(values.readTime).toBe('7 min read');
    expect(postEditorErrors(values, 'dialog')).toEqual({});
    expect(postEditorInput(values)).toEqual({
      title: 'A post',
      excerpt: 'Short',
      content: 'Body',
      category: 'Amazon',
      readTime: 7,
      published: true,
      datePosted: post.datePosted,
      imageAlt: null,
      metaTitle: null,
      metaDescription: null,
    });
  });

  it('keeps the full editor’s own fields through a quick edit', () => {
    const values = postEditorValues({ ...post, image: '/media/0123456789abcdef-100x50/100.jpg', imageAlt: 'A chart', metaTitle: 'Search title', metaDescription: 'Search text' });
    expect(postEditorInput({ ...values, title: 'Renamed' })).toMatchObject({ title: 'Renamed', imageAlt: 'A chart', metaTitle: 'Search title', metaDescription: 'Search text' });
  });

  it('drops an empty image, trims text and reads the read time in minutes', () => {
    const values = { ...postEditorValues(post), title: '  Spaced  ', image: '  ', readTime: '12' };
    const input = postEditorInput(values);
    expect(input).toMatchObject({ title: 'Spaced', readTime: 12 });
    expect('image' in input).toBe(false);
    expect(postEditorInput({ ...values, image: ' https://cdn.example/a.jpg ' }).image).toBe('https://cdn.example/a.jpg');
  });

  it('leaves an empty read time for the server to compute and refuses one that is not a number of minutes', () => {
    const values = postEditorValues(post);
    expect(postEditorInput({ ...values, readTime: ' ' }).readTime).toBeNull();
    expect(postEditorErrors({ ...values, readTime: 'soon' }, 'dialog')).toEqual({ readTime: "Enter the read time in minutes, such as '5 min read'." });
    expect(postEditorErrors({ ...values, datePosted: '' }, 'dialog')).toEqual({ datePosted: 'Choose the date and time the post goes public.' });
  });

  it("shows a stored read time that matches the text's as computed (empty), and an override as typed", () => {
    const words = Array.from({ length: 600 }, () => 'word').join(' ');
    expect(postEditorValues({ ...post, content: words, readTime: 3 }).readTime).toBe('');
    expect(postEditorValues({ ...post, content: words, readTime: 8 }).readTime).toBe('8 min read');
  });

  it('asks for the cover alt text where the cover is chosen (the page), not beside the dialog’s image address', () => {
    const values = { ...postEditorValues(post), image: 'https://cdn.example/a.jpg' };
    expect(postEditorErrors(values, 'page')).toEqual({ imageAlt: 'Describe the cover image for readers who cannot see it.' });
    expect(postEditorErrors(values, 'dialog')).toEqual({});
  });
});

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
