/**
 * Each post and case study has its own social image, drawn by the web server from its title and
 * category (frontend/server/social-image.ts) at this address, and named in its Open Graph tags and
 * Article structured data.
 */
export type SocialImageKind = 'blog' | 'search-lab';

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export const socialImagePath = (kind: SocialImageKind, slug: string): string => `/social-images/${kind}/${encodeURIComponent(slug)}.png`;

/** What the image shows, for its alt text. */
export const socialImageAlt = (title: string, category: string, brandName: string): string => `${category}: “${title}”, from ${brandName}`;
