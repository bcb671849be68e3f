// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { socialImagePng, socialImageSvg, wrapTitle } from './social-image';

describe('social images', () => {
  it('wraps a title into lines and ends a cut one with an ellipsis', () => {
    expect(wrapTitle('Short title')).toEqual(['Short title']);
    const lines = wrapTitle('Why AI Assistants Recommend Some Brands and Ignore Others', 26, 4);
    expect(lines).toEqual(['Why AI Assistants', 'Recommend Some Brands and', 'Ignore Others']);
    const cut = wrapTitle('word '.repeat(60), 26, 4);
    expect(cut).toHaveLength(4);
    expect(cut[3]).toMatch(/…$/);
    expect(wrapTitle('x'.repeat(100), 26, 4)[0]!.length).toBeLessThanOrEqual(26);
  });

  it('escapes the title and category in the SVG', () => {
    const svg = socialImageSvg('Fish & <Chips>', 'A "B"', 'Brand');
    expect(svg).toContain('Fish &amp; &lt;Chips&gt;');
    expect(svg).toContain('A &quot;B&quot;');
    expect(svg).not.toContain('<Chips>');
  });

  it('draws a 1200×630 PNG once per title and category', async () => {
    const first = socialImagePng('A post title', 'AI Search', 'Brand');
    expect(socialImagePng('A post title', 'AI Search', 'Brand')).toBe(first);
    const png = await first;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(await socialImagePng('Another title', 'AI Search', 'Brand')).not.toEqual(png);
  });
});
