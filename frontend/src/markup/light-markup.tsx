import { parseMediaUrl } from '@agency/shared';
import type { ReactNode } from 'react';
import { MediaPicture } from '../components/media-picture';
import { parseLightMarkup, type MarkupNode } from './light-markup-parser';

function renderNodes(nodes: MarkupNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'lineBreak':
        return <br key={index} />;
      case 'bold':
        return <strong key={index}>{renderNodes(node.children)}</strong>;
      case 'italic':
        return <em key={index}>{renderNodes(node.children)}</em>;
      case 'underline':
        return <u key={index}>{renderNodes(node.children)}</u>;
      case 'image': {
        const image = parseMediaUrl(node.src);
        return image ? <MediaPicture key={index} image={image} alt={node.alt} className="prose-image" /> : null;
      }
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {renderNodes(node.children)}
          </a>
        );
    }
  });
}

/** Light markup as React elements: text stays text, so content can never inject HTML or script. */
export function LightMarkup({ source }: { source: string }) {
  return <>{renderNodes(parseLightMarkup(source))}</>;
}
