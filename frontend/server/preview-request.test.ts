// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPreviewRequest } from './web-server';

describe('isPreviewRequest', () => {
  it('is a preview when the query names preview, whatever its value', () => {
    expect(isPreviewRequest('/blog/a-post?preview=1')).toBe(true);
    expect(isPreviewRequest('/search-lab/a-case?utm=x&preview')).toBe(true);
    expect(isPreviewRequest('/blog/a-post')).toBe(false);
    expect(isPreviewRequest('/blog/preview')).toBe(false);
    expect(isPreviewRequest('/blog/a-post?previewed=1')).toBe(false);
  });
});
