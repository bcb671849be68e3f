import sharp from 'sharp';
import { SOCIAL_IMAGE_SIZE } from '../src/seo/social-image';

/**
 * The social image of a post or case study: a 1200×630 PNG of its title and category on the
 * brand's colours, drawn as SVG and rasterised by sharp (libvips). Kept in memory by what it
 * shows, so it is drawn once per title and category, not per request.
 */

const MAX_CACHED = 300;
const TITLE_LINE_CHARACTERS = 26;
const TITLE_MAX_LINES = 4;

const cache = new Map<string, Promise<Buffer>>();

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

/** Greedy word wrap by character count; the last line ends in "…" when the title is longer. */
export function wrapTitle(title: string, lineLength = TITLE_LINE_CHARACTERS, maxLines = TITLE_MAX_LINES): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= lineLength || !line) {
      line = next.length > lineLength * 1.5 ? `${next.slice(0, lineLength - 1)}…` : next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,;:–-]+$/, '')}…`;
  return kept;
}

export function socialImageSvg(title: string, category: string, brandName: string): string {
  const { width, height } = SOCIAL_IMAGE_SIZE;
  const lines = wrapTitle(title);
  const lineHeight = 70;
  const titleTop = 250 - ((lines.length - 1) * lineHeight) / 2;
  const family = "'Inter', 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0d1024"/>
      <stop offset="1" stop-color="#231a6e"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="80" y="80" width="${Math.min(640, 32 + category.length * 17)}" height="48" rx="24" fill="#5040e8"/>
  <text x="104" y="112" font-family="${family}" font-size="24" font-weight="700" fill="#ffffff" letter-spacing="1">${escapeXml(category.toUpperCase())}</text>
  ${lines
    .map(
      (line, index) =>
        `<text x="80" y="${titleTop + 60 + index * lineHeight}" font-family="${family}" font-size="58" font-weight="800" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('\n  ')}
  <rect x="80" y="520" width="56" height="56" rx="14" fill="#5040e8"/>
  <text x="96" y="560" font-family="${family}" font-size="30" font-weight="800" fill="#ffffff">A</text>
  <text x="156" y="558" font-family="${family}" font-size="30" font-weight="700" fill="#c9c6ff">${escapeXml(brandName)}</text>
</svg>`;
}

/** The PNG for this title and category, drawn once and then served from memory. */
export function socialImagePng(title: string, category: string, brandName: string): Promise<Buffer> {
  const key = JSON.stringify([title, category, brandName]);
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest is the first to go.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const drawn = sharp(Buffer.from(socialImageSvg(title, category, brandName)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  drawn.catch(() => cache.delete(key));
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, drawn);
  return drawn;
}
