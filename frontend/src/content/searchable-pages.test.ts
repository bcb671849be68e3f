import { SEARCHABLE_PAGES } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { pageMeta } from './page-meta-copy';

describe('the pages the site search lists', () => {
  it('are pages of the site, each listed once', () => {
    const paths = SEARCHABLE_PAGES.map((page) => page.path);
    expect(paths.filter((path) => !(path in pageMeta))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
