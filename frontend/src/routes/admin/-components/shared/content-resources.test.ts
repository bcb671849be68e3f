import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/api-client';
import { loginFailureText } from '../shell/admin-login';
import { blogPostResource, categoryResource, caseStudyResource, youtubeVideoResource } from './content-resources';

const refused = new ApiError(400, '400: {"message":"title is required."}', 'title is required.');
const bare = new ApiError(500, '500: Internal Server Error', undefined);

describe('the admin toasts, word for word', () => {
  it('say which write succeeded', () => {
    expect(Object.values(blogPostResource.succeeded)).toEqual(['Blog post created successfully', 'Blog post updated successfully', 'Blog post deleted successfully']);
    expect(categoryResource.succeeded.update).toBe('Category updated successfully');
    expect(caseStudyResource.succeeded.create).toBe('Search lab entry created successfully');
    expect(youtubeVideoResource.succeeded.delete).toBe('YouTube video deleted successfully');
  });

  it("blog posts: only an update failure carries the server's message", () => {
    expect(blogPostResource.failed('create', refused)).toBe('Failed to create blog post');
    expect(blogPostResource.failed('update', refused)).toBe('Failed to update blog post: title is required.');
    expect(blogPostResource.failed('update', bare)).toBe('Failed to update blog post: 500: Internal Server Error');
    expect(blogPostResource.failed('delete', refused)).toBe('Failed to delete blog post');
  });

  it('categories: fixed texts', () => {
    expect(['create', 'update', 'delete'].map((kind) => categoryResource.failed(kind as 'create', refused))).toEqual([
      'Failed to create category',
      'Failed to update category',
      'Failed to delete category',
    ]);
  });

  it("search lab and videos: the server's message, else the fixed text; deletes always the fixed text", () => {
    expect(caseStudyResource.failed('create', refused)).toBe('title is required.');
    expect(caseStudyResource.failed('update', bare)).toBe('Failed to update search lab entry');
    expect(caseStudyResource.failed('delete', refused)).toBe('Failed to delete search lab entry');
    expect(youtubeVideoResource.failed('create', bare)).toBe('Failed to create YouTube video');
    expect(youtubeVideoResource.failed('update', refused)).toBe('title is required.');
    expect(youtubeVideoResource.failed('delete', refused)).toBe('Failed to delete YouTube video');
  });
});

describe('loginFailureText', () => {
  it("says 'Invalid password' for a 401 and the server's words otherwise", () => {
    expect(loginFailureText(new ApiError(401, '401: …', 'Invalid password'))).toBe('Invalid password');
    expect(loginFailureText(new ApiError(429, '429: …', 'Too many failed login attempts. Please wait 4 seconds and try again.'))).toBe(
      'Too many failed login attempts. Please wait 4 seconds and try again.',
    );
    expect(loginFailureText(new TypeError('Failed to fetch'))).toBe('Could not reach the server. Please try again.');
  });
});
