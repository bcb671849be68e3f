import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { coverImageUrl } from '../seo/cover-image';
import { LightMarkup } from './light-markup';
import { markupToPlainText, parseLightMarkup } from './light-markup-parser';

const MEDIA = '/media/0123456789abcdef01234567-1200x600/1200.jpg';

describe('media library images in light markup', () => {
  it('reads ![alt](media address) as an image and anything else as text', () => {
    expect(parseLightMarkup(`Before\n![A chart](${MEDIA})\nAfter`)).toEqual([
      { type: 'text', text: 'Before' },
      { type: 'lineBreak' },
      { type: 'image', src: MEDIA, alt: 'A chart' },
      { type: 'lineBreak' },
      { type: 'text', text: 'After' },
    ]);
    expect(parseLightMarkup('![x](https://evil.example/x.jpg)')).toEqual([{ type: 'text', text: '!' }, { type: 'link', href: 'https://evil.example/x.jpg', children: [{ type: 'text', text: 'x' }] }]);
    expect(parseLightMarkup('![x](javascript:alert(1))')[0]).toEqual({ type: 'text', text: '!x' });
    expect(markupToPlainText(`See ![A chart](${MEDIA}) here`)).toBe('See  here');
  });

  it('stays linear on thousands of unclosed image markers', () => {
    const hostile = `![${'a'.repeat(200)}`.repeat(2_000) + '](/media/x)'.repeat(500);
    const started = performance.now();
    parseLightMarkup(hostile);
    expect(performance.now() - started).toBeLessThan(300);
  });

  it('renders a picture with AVIF, WebP and JPEG srcsets, sizes, dimensions and the alt text', () => {
    const html = renderToStaticMarkup(<LightMarkup source={`![A chart](${MEDIA})`} />);
    expect(html).toContain('<source type="image/avif" srcSet="/media/0123456789abcdef01234567-1200x600/480.avif 480w, /media/0123456789abcdef01234567-1200x600/960.avif 960w, /media/0123456789abcdef01234567-1200x600/1200.avif 1200w"');
    expect(html).toContain('type="image/webp"');
    expect(html).toMatch(/<img src="\/media\/0123456789abcdef01234567-1200x600\/1200\.jpg" srcSet="[^"]*480\.jpg 480w[^"]*" sizes="[^"]+" alt="A chart"[^>]*width="1200" height="600"/);
  });

  it('gives social cards a JPEG of at most 1200 px from a media cover, and any other cover as is', () => {
    expect(coverImageUrl('/media/0123456789abcdef01234567-1600x800/1600.jpg')).toBe('/media/0123456789abcdef01234567-1600x800/960.jpg');
    expect(coverImageUrl(MEDIA)).toBe(MEDIA);
    expect(coverImageUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(coverImageUrl(null)).toBeUndefined();
  });
});
