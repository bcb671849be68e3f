import { IMAGE_MAX_BYTES } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { formatFileSize, imageFileProblem, readImageBase64, stripDataUrlPrefix } from './image-file';

describe('imageFileProblem', () => {
  it('refuses an image of 10MB or more', () => {
    expect(imageFileProblem({ size: IMAGE_MAX_BYTES, type: 'image/png' })).toBe('too-large');
    expect(imageFileProblem({ size: IMAGE_MAX_BYTES - 1, type: 'image/png' })).toBeUndefined();
  });

  it('accepts JPG, PNG, GIF and WebP and refuses other files', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'IMAGE/JPEG']) {
      expect(imageFileProblem({ size: 1000, type })).toBeUndefined();
    }
    for (const type of ['image/svg+xml', 'application/pdf', '']) expect(imageFileProblem({ size: 1000, type })).toBe('wrong-type');
  });
});

describe('reading the image', () => {
  it('sends base64 without the data: prefix', async () => {
    expect(stripDataUrlPrefix('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    expect(await readImageBase64(file)).toBe('iVBORw==');
  });

  it('names sizes the way people read them', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3.25 * 1024 * 1024)).toBe('3.3 MB');
  });
});
