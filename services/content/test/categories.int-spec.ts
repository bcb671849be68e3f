import { describe, expect, it } from '@jest/globals';
import type { BlogPost, Category } from '@agency/shared';
import { useContentApp } from './support/test-app.js';

describe('categories', () => {
  const suite = useContentApp('categories');

  const post = (category: string, title: string) => ({
    title,
    excerpt: 'e',
    content: 'c',
    category,
    readTime: 4,
    published: true,
    datePosted: '2025-01-01T00:00:00Z',
  });

  it('creates categories; the admin list has them all by name, the public list only those with a published post', async () => {
    await suite.admin.post('/api/admin/categories', { name: 'Zebra', description: 'Last' }).expect(201);
    const created = (await suite.admin.post('/api/admin/categories', { name: 'Alpha' }).expect(201)).body as Category;
    expect(created).toEqual({ id: created.id, name: 'Alpha', description: null });
    await suite.admin.post('/api/admin/categories', { name: 'Middle' }).expect(201);
    const adminNames = ((await suite.admin.get('/api/admin/categories').expect(200)).body as Category[]).map((category) => category.name);
    expect(adminNames).toEqual(['Alpha', 'Middle', 'Zebra']);
    const publicNames = async () => ((await suite.ctx.http().get('/api/categories').expect(200)).body as Category[]).map((category) => category.name);
    expect(await publicNames()).toEqual([]);
    await suite.admin.post('/api/admin/blog-posts', post('Zebra', 'Zebra post')).expect(201);
    await suite.admin.post('/api/admin/blog-posts', post('Alpha', 'Alpha post')).expect(201);
    await suite.admin.post('/api/admin/blog-posts', { ...post('Middle', 'Middle draft'), published: false }).expect(201);
    expect(await publicNames()).toEqual(['Alpha', 'Zebra']);
  });

  it('refuses a name that differs only in case with 409', async () => {
    const response = await suite.admin.post('/api/admin/categories', { name: 'alpha' }).expect(409);
    expect(response.body).toEqual({ statusCode: 409, message: 'A category named "alpha" already exists.', error: 'Conflict' });
  });

  it('requires a name', async () => {
    const response = await suite.admin.post('/api/admin/categories', { name: '  ', description: 'x' }).expect(400);
    expect((response.body as { message: string }).message).toBe('name is required.');
  });

  it('carries posts along when a category is renamed', async () => {
    const category = (await suite.admin.post('/api/admin/categories', { name: 'Old Name' }).expect(201)).body as Category;
    const created = (await suite.admin.post('/api/admin/blog-posts', post('Old Name', 'Renamed category post')).expect(201)).body as BlogPost;
    await suite.admin.put(`/api/admin/categories/${category.id}`, { name: 'New Name', description: 'Renamed' }).expect(200);
    const stored = (await suite.ctx.http().get(`/api/blog-posts/${created.id}`).expect(200)).body as BlogPost;
    expect(stored.category).toBe('New Name');
  });

  it('allows changing only the case of its own name', async () => {
    const category = (await suite.admin.post('/api/admin/categories', { name: 'lower case' }).expect(201)).body as Category;
    await suite.admin.put(`/api/admin/categories/${category.id}`, { name: 'Lower Case' }).expect(200);
  });

  it('refuses renaming onto another category’s name', async () => {
    const category = (await suite.admin.post('/api/admin/categories', { name: 'Beta' }).expect(201)).body as Category;
    await suite.admin.put(`/api/admin/categories/${category.id}`, { name: 'ZEBRA' }).expect(409);
  });

  it('refuses deleting a category that posts still use, with 409 and a clear message', async () => {
    const category = (await suite.admin.post('/api/admin/categories', { name: 'In Use' }).expect(201)).body as Category;
    await suite.admin.post('/api/admin/blog-posts', post('In Use', 'First user')).expect(201);
    await suite.admin.post('/api/admin/blog-posts', post('In Use', 'Second user')).expect(201);
    const response = await suite.admin.delete(`/api/admin/categories/${category.id}`).expect(409);
    expect((response.body as { message: string }).message).toBe(
      'The category "In Use" is used by 2 blog posts. Move those posts to another category or delete them first.',
    );
    const names = ((await suite.ctx.http().get('/api/categories')).body as Category[]).map((c) => c.name);
    expect(names).toContain('In Use');
  });

  it('deletes an unused category', async () => {
    const category = (await suite.admin.post('/api/admin/categories', { name: 'Unused' }).expect(201)).body as Category;
    await suite.admin.delete(`/api/admin/categories/${category.id}`).expect(204);
    await suite.admin.delete(`/api/admin/categories/${category.id}`).expect(404);
  });
});
