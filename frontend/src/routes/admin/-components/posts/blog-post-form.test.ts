import type { BlogPost } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { blogPostFormValues, blogPostInput } from './blog-post-form';

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

describe('the blog post form', () => {
  it('starts a new post as a draft posted now, its read time left to the text', () => {
    const now = new Date(2025, 6, 4, 10, 15);
    expect(blogPostFormValues(undefined, now)).toEqual({
      title: '',
      excerpt: '',
      content: '',
      category: '',
      image: '',
      readTime: '',
      datePosted: '2025-07-04T10:15',
      published: false,
    });
  });

  it('fills in a post being edited, and sends back what it was given', () => {
    const values = blogPostFormValues(post);
    expect(values.readTime).toBe('7 min read');
    const outcome = blogPostInput(values);
    expect(outcome).toEqual({
      ok: true,
      input: { title: 'A post', excerpt: 'Short', content: 'Body', category: 'Amazon', readTime: 7, published: true, datePosted: post.datePosted },
    });
  });

  it('drops an empty image, trims text and reads the read time in minutes', () => {
    const values = { ...blogPostFormValues(post), title: '  Spaced  ', image: '  ', readTime: '12' };
    const outcome = blogPostInput(values);
    expect(outcome.ok && outcome.input).toMatchObject({ title: 'Spaced', readTime: 12 });
    expect(outcome.ok && 'image' in outcome.input).toBe(false);
    const withImage = blogPostInput({ ...values, image: ' https://cdn.example/a.jpg ' });
    expect(withImage.ok && withImage.input.image).toBe('https://cdn.example/a.jpg');
  });

  it('leaves an empty read time for the server to compute and refuses one that is not a number of minutes', () => {
    const values = blogPostFormValues(post);
    const empty = blogPostInput({ ...values, readTime: ' ' });
    expect(empty.ok && empty.input.readTime).toBeNull();
    expect(blogPostInput({ ...values, readTime: 'soon' })).toEqual({ ok: false, problem: "Read time must be a number of minutes, such as '5 min read'." });
    expect(blogPostInput({ ...values, datePosted: '' })).toEqual({ ok: false, problem: 'Date posted must be a date and time.' });
  });

  it("shows a stored read time that matches the text's as computed (empty), and an override as typed", () => {
    const words = Array.from({ length: 600 }, () => 'word').join(' ');
    expect(blogPostFormValues({ ...post, content: words, readTime: 3 }).readTime).toBe('');
    expect(blogPostFormValues({ ...post, content: words, readTime: 8 }).readTime).toBe('8 min read');
  });
});
