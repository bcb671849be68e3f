import { describe, expect, it } from '@jest/globals';
import type { SearchLabEntry } from '@agency/shared';
import { useContentApp } from './support/test-app.js';

const entry = {
  title: 'Case Study One',
  summary: 'What we saw.',
  chatgptLink: 'https://chatgpt.com/share/abc',
  published: true,
  displayOrder: 1,
};

describe('search lab entries', () => {
  const suite = useContentApp('searchlab');

  it('lists published entries with the highest position first', async () => {
    await suite.admin.post('/api/admin/search-lab-entries', { ...entry, title: 'Bottom', displayOrder: 1 }).expect(201);
    await suite.admin.post('/api/admin/search-lab-entries', { ...entry, title: 'Top', displayOrder: 9 }).expect(201);
    await suite.admin.post('/api/admin/search-lab-entries', { ...entry, title: 'Middle', displayOrder: 5 }).expect(201);
    await suite.admin.post('/api/admin/search-lab-entries', { ...entry, title: 'Hidden draft', displayOrder: 7, published: false }).expect(201);
    const titles = ((await suite.ctx.http().get('/api/search-lab-entries').expect(200)).body as SearchLabEntry[]).map((e) => e.title);
    expect(titles).toEqual(['Top', 'Middle', 'Bottom']);
    const adminTitles = ((await suite.admin.get('/api/admin/search-lab-entries').expect(200)).body as SearchLabEntry[]).map((e) => e.title);
    expect(adminTitles).toEqual(['Top', 'Hidden draft', 'Middle', 'Bottom']);
  });

  it('finds an entry by slug or id, never a draft', async () => {
    const created = (await suite.admin.post('/api/admin/search-lab-entries', { ...entry, title: 'Find Me' }).expect(201)).body as SearchLabEntry;
    expect(created.slug).toBe('find-me');
    await suite.ctx.http().get('/api/search-lab-entries/find-me').expect(200);
    await suite.ctx.http().get(`/api/search-lab-entries/${created.id}`).expect(200);
    await suite.admin.put(`/api/admin/search-lab-entries/${created.id}`, { ...entry, title: 'Find Me Later', published: false }).expect(200);
    const response = await suite.ctx.http().get('/api/search-lab-entries/find-me').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Search lab entry not found.', error: 'Not Found' });
  });

  it('defaults the position to 1 and accepts the 0 the admin form sends for a bad position', async () => {
    const { displayOrder: _omitted, ...withoutOrder } = entry;
    const defaulted = (await suite.admin.post('/api/admin/search-lab-entries', { ...withoutOrder, title: 'Default' }).expect(201)).body as SearchLabEntry;
    expect(defaulted.displayOrder).toBe(1);
    await suite.admin.post('/api/admin/search-lab-entries', { ...entry, title: 'Zero', displayOrder: 0 }).expect(201);
  });

  it.each([
    [{ chatgptLink: 'not a url' }, 'chatgptLink must be an http or https URL.'],
    [{ displayOrder: -1 }, 'displayOrder must be a whole number'],
    [{ displayOrder: 2.5 }, 'displayOrder must be a whole number'],
    [{ summary: '' }, 'summary is required.'],
  ])('refuses %p', async (change, message) => {
    const response = await suite.admin.post('/api/admin/search-lab-entries', { ...entry, ...change }).expect(400);
    expect((response.body as { message: string }).message).toContain(message);
  });

  it('deletes an entry', async () => {
    const created = (await suite.admin.post('/api/admin/search-lab-entries', { ...entry, title: 'Gone' }).expect(201)).body as SearchLabEntry;
    await suite.admin.delete(`/api/admin/search-lab-entries/${created.id}`).expect(204);
    await suite.admin.delete(`/api/admin/search-lab-entries/${created.id}`).expect(404);
  });
});
