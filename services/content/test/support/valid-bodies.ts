/**
 * A valid body for every write route of the content service: the fuzzer mutates them field by
 * field, and the admin attacks send them (a write that got through would change the database).
 */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/admin/login': { password: 'not the admin password' },
  'POST /api/admin/logout': {},
  'POST /api/contact': { name: 'Fuzz Tester', email: 'fuzz@example.com', company: 'Fuzz Ltd', message: 'Hello from the fuzzer.' },
  'POST /api/newsletter': { email: 'fuzz-news@example.com' },
  'POST /api/newsletter/unsubscribe': {},
  'PATCH /api/admin/contact-messages/:id': { status: 'handled', note: 'Called back.' },
  'POST /api/admin/contact-messages/bulk': { action: 'archive', ids: [1, 2] },
  'POST /api/admin/erasures': { email: 'fuzz-erase@example.com' },
  'POST /api/admin/emails/:id/retry': {},
  // A 1x1 PNG.
  'POST /api/admin/media': { data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', alt: 'A fuzzed picture', fileName: 'fuzz.png' },
  'PUT /api/admin/media/:id': { alt: 'A renamed picture' },
  'PUT /api/admin/youtube-videos/order': { ids: [1, 2, 3] },
  'PUT /api/admin/search-lab-entries/order': { ids: [1, 2, 3] },
  ...writeExamples('/api/admin/blog-posts', {
    title: 'Fuzzed post',
    excerpt: 'An excerpt.',
    content: 'Some **bold** content with a [link](https://example.com).',
    category: 'AI Search',
    image: null,
    readTime: '5 min read',
    published: true,
    datePosted: '2025-07-01T09:00:00Z',
  }),
  ...writeExamples('/api/admin/categories', { name: 'Fuzzed category', description: 'A description.' }),
  ...writeExamples('/api/admin/search-lab-entries', {
    title: 'Fuzzed case study',
    summary: 'A summary.',
    chatgptLink: 'https://chatgpt.com/share/fuzz',
    published: true,
    displayOrder: 5,
  }),
  ...writeExamples('/api/admin/youtube-videos', {
    title: 'Fuzzed video',
    description: 'A description.',
    youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    published: true,
    displayOrder: 0,
  }),
};

function writeExamples(path: string, body: Record<string, unknown>): Record<string, Record<string, unknown>> {
  return { [`POST ${path}`]: body, [`PUT ${path}/:id`]: body };
}
