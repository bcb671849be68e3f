import { describe, expect, it } from '@jest/globals';
import type { SiteSearchAnswer } from '@agency/shared';
import { seedStarterContent } from '../src/seed/seed-starter-content.js';
import { useContentApp } from './support/test-app.js';

describe('site search', () => {
  const suite = useContentApp('sitesearch', (ctx) => seedStarterContent(ctx.dataSource));
  const search = async (q: string) => (await suite.ctx.http().get('/api/search').query({ q }).expect(200)).body as SiteSearchAnswer;

  const post = {
    excerpt: 'An excerpt about giraffes.',
    category: 'AI Search',
    readTime: '3 min read',
    published: true,
    datePosted: '2025-01-01T10:00:00Z',
  };

  it('finds published posts, case studies, videos and the FAQ, ranked, never drafts', async () => {
    await suite.admin
      .post('/api/admin/blog-posts', { ...post, title: 'Zebra crossings for shoppers', content: 'Zebra stripes **zebra** [zebra link](https://example.com) and more.' })
      .expect(201);
    await suite.admin.post('/api/admin/blog-posts', { ...post, title: 'Mentions once', content: 'A single zebra here among many other words about nothing much.' }).expect(201);
    await suite.admin.post('/api/admin/blog-posts', { ...post, title: 'Draft zebra', content: 'zebra zebra', published: false }).expect(201);
    await suite.admin
      .post('/api/admin/search-lab-entries', { title: 'Zebra case study', summary: 'What the zebra answers said.', chatgptLink: 'https://chatgpt.com/share/z', published: true })
      .expect(201);
    await suite.admin
      .post('/api/admin/youtube-videos', { title: 'Zebra video', description: 'Watch the zebra.', youtubeUrl: 'https://youtu.be/zzzzzzzzzzz', published: true })
      .expect(201);

    const answer = await search('  zebra  ');
    expect(answer.query).toBe('zebra');
    const titles = answer.results.map((result) => result.title);
    expect(titles).not.toContain('Draft zebra');
    expect(new Set(answer.results.map((result) => result.kind))).toEqual(new Set(['post', 'case-study', 'video']));
    // A title match and several body matches outrank one body mention.
    expect(titles.indexOf('Zebra crossings for shoppers')).toBeLessThan(titles.indexOf('Mentions once'));
    const top = answer.results.find((result) => result.title === 'Zebra crossings for shoppers')!;
    expect(top.path).toBe('/blog/zebra-crossings-for-shoppers');
    // Highlighted words, and the light markup taken out of the snippet.
    expect(top.snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toContain('zebra');
    const text = top.snippet.map((part) => part.text).join('');
    expect(text).not.toMatch(/\*\*|\]\(|https:/);
    expect(answer.results.find((result) => result.kind === 'case-study')!.path).toBe('/search-lab/zebra-case-study');
    expect(answer.results.find((result) => result.kind === 'video')!.path).toBe('/youtube-channel');
  });

  it('searches the FAQ, linking to its group', async () => {
    const answer = await search('founded executives');
    const faq = answer.results.find((result) => result.kind === 'faq');
    expect(faq).toBeDefined();
    expect(faq!.path).toBe('/faq#faq-about');
    expect(faq!.snippet.some((part) => part.match)).toBe(true);
  });

  it('reads phrases, or and minus as a visitor types them, and answers nothing for stop words or no match', async () => {
    expect((await search('"zebra crossings"')).results.map((result) => result.title)).toEqual(['Zebra crossings for shoppers']);
    expect((await search('zebra -crossings')).results.map((result) => result.title)).not.toContain('Zebra crossings for shoppers');
    expect((await search('the and of')).results).toEqual([]);
    expect((await search('qwxzyplunk')).results).toEqual([]);
    expect((await search('zebra & | ! ( :* \\')).results.length).toBeGreaterThan(0);
  });

  it('finds the tool pages and the key pages of the site by name', async () => {
    const rufus = await search('rufus');
    expect(rufus.results[0]).toMatchObject({ kind: 'page', title: 'Amazon Rufus Radar', path: '/amazon-rufus-radar' });
    expect(rufus.results[0]!.snippet.some((part) => part.match)).toBe(true);
    expect((await search('semantic expansion')).results[0]).toMatchObject({ kind: 'page', path: '/query-fan-out' });
    expect((await search('image reader')).results[0]).toMatchObject({ kind: 'page', path: '/ai-image-reader' });
    expect((await search('audit')).results.map((result) => result.path)).toContain('/ai-search-audit');
    expect((await search('contact')).results.map((result) => result.path)).toContain('/contact');
  });

  it('forgives one typo when the exact words find nothing, and says what it searched for instead', async () => {
    await suite.admin
      .post('/api/admin/blog-posts', { ...post, title: 'Protein bars in AI answers', content: 'Which protein bars do the assistants recommend to shoppers?' })
      .expect(201);
    const answer = await search('protien');
    expect(answer.correctedQuery).toBe('protein');
    expect(answer.results.map((result) => result.title)).toContain('Protein bars in AI answers');
    expect(answer.results[0]!.snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toContain('protein');
    const twoWords = await search('protien bars');
    expect(twoWords.correctedQuery).toBe('protein bars');
    expect(twoWords.results[0]!.title).toBe('Protein bars in AI answers');
    // Found as typed: nothing is corrected.
    expect((await search('protein')).correctedQuery).toBeUndefined();
  });

  it.each([
    ['', 'Enter a word or phrase to search for.'],
    ['   ', 'Enter a word or phrase to search for.'],
    ['x'.repeat(201), 'Searches can be up to 200 characters.'],
  ])('refuses q=%p with a 400 saying why', async (q, message) => {
    const response = await suite.ctx.http().get('/api/search').query({ q }).expect(400);
    expect((response.body as { message: string }).message).toBe(message);
  });

  it('refuses a missing or repeated q with a 400', async () => {
    await suite.ctx.http().get('/api/search').expect(400);
    await suite.ctx.http().get('/api/search?q=a&q=b').expect(400);
  });
});
