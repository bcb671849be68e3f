import { parseMediaUrl } from '@agency/shared';
import type { ReactNode } from 'react';
import { MediaPicture } from '../components/media-picture';
import { parseLightMarkup, type MarkupNode } from './light-markup-parser';

/** Whether `href` is a page of this site: a site path such as '/contact', or the same origin as `siteUrl`. */
function isOwnPage(href: string, siteUrl: string | undefined): boolean {
  // The parser only lets through paths that stay on this host (no '//', no backslash).
  if (href.startsWith('/')) return true;
  if (!siteUrl) return false;
  try {
    return new URL(href).origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

function renderNodes(nodes: MarkupNode[], siteUrl: string | undefined): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'lineBreak':
        return <br key={index} />;
      case 'bold':
        return <strong key={index}>{renderNodes(node.children, siteUrl)}</strong>;
      case 'italic':
        return <em key={index}>{renderNodes(node.children, siteUrl)}</em>;
      case 'underline':
        return <u key={index}>{renderNodes(node.children, siteUrl)}</u>;
      case 'image': {
        const image = parseMediaUrl(node.src);
        return image ? <MediaPicture key={index} image={image} alt={node.alt} className="prose-image" /> : null;
      }
      case 'link':
        // The site's own pages open in the same tab; anywhere else in a new one, without an opener.
        return isOwnPage(node.href, siteUrl) ? (
          <a key={index} href={node.href}>
            {renderNodes(node.children, siteUrl)}
          </a>
        ) : (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {renderNodes(node.children, siteUrl)}
          </a>
        );
    }
  });
}

/**
 * Light markup as React elements: text stays text, so content can never inject HTML or script.
 * `siteUrl` (PUBLIC_SITE_URL) tells links to the site's own pages from links elsewhere.
 */
export function LightMarkup({ source, siteUrl }: { source: string; siteUrl?: string }) {
  return <>{renderNodes(parseLightMarkup(source), siteUrl)}</>;
}
