import { type MediaAsset, mediaVariantUrl, parseMediaUrl } from '@agency/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminGet, adminSend } from '../../../../api/admin-session';

/** What the library takes; the server checks the file's bytes again and re-encodes it. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The library's newest images, or those whose file name or alt text holds `q`; every search shares the first key part. */
export const mediaLibraryQuery = (q = '') =>
  queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, 'media', q],
    queryFn: ({ signal }) => adminGet<MediaAsset[]>(q ? `/api/admin/media?${new URLSearchParams({ q }).toString()}` : '/api/admin/media', signal),
    placeholderData: keepPreviousData,
  });

/** "Used by …" of an image: the posts and case studies that show it. */
export function usedByText(asset: Pick<MediaAsset, 'usedBy'>): string {
  if (asset.usedBy.length === 0) return 'Not used by any post or case study.';
  return `Used by ${asset.usedBy.map((use) => `${use.kind === 'post' ? 'post' : 'case study'} “${use.title}”`).join(', ')}.`;
}

/** The problem with a chosen file before it is sent, in the words shown under the field; null when fine. */
export function uploadProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF image.';
  if (file.size > MAX_UPLOAD_BYTES) return 'Choose an image of 10 MB or less.';
  return null;
}

function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export async function uploadImage(file: File, alt: string): Promise<MediaAsset> {
  return adminSend<MediaAsset>('POST', '/api/admin/media', { data: await toBase64(file), alt, fileName: file.name });
}

/** The smallest variant, for thumbnails. */
export function thumbnailUrl(url: string): string {
  const image = parseMediaUrl(url);
  return image ? mediaVariantUrl(image.base, image.widths[0]!, 'webp') : url;
}
