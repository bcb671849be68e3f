import { LINK_SCHEMES, parseMediaUrl } from '@agency/shared';

/**
 * The blog's light markup: [text](url) links, **bold**, *italic*, __underline__,
 * ![alt text](/media/...) images from the media library, and newlines as line breaks. Everything else, HTML included, is plain text. The parser uses a
 * delimiter stack of bounded depth, so hostile input (thousands of unmatched markers) stays
 * linear in time.
 */
export type MarkupNode =
  | { type: 'text'; text: string }
  | { type: 'lineBreak' }
  | { type: 'bold' | 'italic' | 'underline'; children: MarkupNode[] }
  | { type: 'link'; href: string; children: MarkupNode[] }
  | { type: 'image'; src: string; alt: string };

type FrameKind = 'bold' | 'italic' | 'underline' | 'link';

interface Frame {
  kind: FrameKind | 'root';
  /** The marker text, put back literally if the frame never closes. */
  raw: string;
  children: MarkupNode[];
  /** A link frame stops being able to close once a link has formed inside it (no nested links). */
  active: boolean;
}

/** Deeper nesting than real content ever uses is read as text; this also bounds the parser's work. */
const MAX_OPEN_MARKERS = 8;

const DELIMITERS: Record<string, Exclude<FrameKind, 'link'>> = { '**': 'bold', '*': 'italic', __: 'underline' };

/** Only http, https and mailto links, plus same-site paths such as '/contact'. */
export function safeLinkHref(raw: string): string | null {
  const value = raw.trim();
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return (LINK_SCHEMES as readonly string[]).includes(url.protocol) ? url.href : null;
}

function isSpace(char: string | undefined): boolean {
  return char === undefined || /\s/.test(char);
}

/** Reads '(url)' at `start` (the index of '('); the URL may hold balanced parentheses, no spaces. */
function readLinkTarget(source: string, start: number): { url: string; end: number } | null {
  let depth = 0;
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i]!;
    if (/\s/.test(char)) return null;
    if (char === '(') depth++;
    else if (char === ')') {
      if (depth === 0) return i > start + 1 ? { url: source.slice(start + 1, i), end: i + 1 } : null;
      depth--;
    }
  }
  return null;
}

/** Longest alt text read; beyond it the marker is plain text. */
const MAX_ALT_LENGTH = 300;

/**
 * Reads '![alt](address)' at `start`: the alt text is plain (no brackets or new lines) and the address
 * must be a media library image, so the page can give it every variant (srcset). Anything else is text.
 */
function readImage(source: string, start: number): { src: string; alt: string; end: number } | null {
  // Looked for within the alt text's limit only, so many unclosed '![' stay linear.
  const within = source.slice(start + 2, start + 3 + MAX_ALT_LENGTH).indexOf(']');
  if (within === -1) return null;
  const close = start + 2 + within;
  if (source[close + 1] !== '(') return null;
  const alt = source.slice(start + 2, close);
  if (/[[\n]/.test(alt)) return null;
  const target = readLinkTarget(source, close + 1);
  if (!target || !parseMediaUrl(target.url)) return null;
  return { src: target.url, alt: alt.trim(), end: target.end };
}

/** Splits a run of '*' into delimiter tokens; openers nest outside-in, closers inside-out. */
function starTokens(length: number, opening: boolean): string[] | null {
  if (length === 1) return ['*'];
  if (length === 2) return ['**'];
  if (length === 3) return opening ? ['*', '**'] : ['**', '*'];
  return null;
}

export function parseLightMarkup(source: string): MarkupNode[] {
  const text = source.replace(/\r\n?/g, '\n');
  const stack: Frame[] = [{ kind: 'root', raw: '', children: [], active: true }];
  const openCount: Record<FrameKind, number> = { bold: 0, italic: 0, underline: 0, link: 0 };
  let buffer = '';

  const top = (): Frame => stack[stack.length - 1]!;
  const flush = (): void => {
    if (buffer) top().children.push({ type: 'text', text: buffer });
    buffer = '';
  };
  const push = (kind: FrameKind, raw: string): void => {
    if (stack.length > MAX_OPEN_MARKERS) {
      buffer += raw;
      return;
    }
    flush();
    stack.push({ kind, raw, children: [], active: true });
    openCount[kind]++;
  };
  /** Puts the top frame back as literal text into its parent. */
  const collapseTop = (): void => {
    const frame = stack.pop()!;
    if (frame.kind !== 'root' && frame.active) openCount[frame.kind]--;
    top().children.push({ type: 'text', text: frame.raw }, ...frame.children);
  };
  /** Closes the nearest open frame of `kind`, making any frames above it literal. */
  const close = (kind: FrameKind): Frame | null => {
    if (openCount[kind] === 0) return null;
    flush();
    while (top().kind !== kind || !top().active) collapseTop();
    const frame = stack.pop()!;
    openCount[kind]--;
    return frame;
  };

  let i = 0;
  while (i < text.length) {
    const char = text[i]!;

    if (char === '\n') {
      flush();
      top().children.push({ type: 'lineBreak' });
      i++;
      continue;
    }

    if (char === '*' || char === '_') {
      let end = i;
      while (text[end] === char) end++;
      const run = text.slice(i, end);
      const canOpen = !isSpace(text[end]);
      const canClose = !isSpace(text[i - 1]);
      const tokens = char === '*' ? starTokens(run.length, canOpen && !canClose) : run.length === 2 ? ['__'] : null;
      if (!tokens || (!canOpen && !canClose)) {
        buffer += run;
        i = end;
        continue;
      }
      for (const token of tokens) {
        const kind = DELIMITERS[token]!;
        const closed = canClose ? close(kind) : null;
        if (closed) top().children.push({ type: kind, children: closed.children });
        else if (canOpen) push(kind, token);
        else buffer += token;
      }
      i = end;
      continue;
    }

    if (char === '!' && text[i + 1] === '[') {
      const image = readImage(text, i);
      if (image) {
        flush();
        top().children.push({ type: 'image', src: image.src, alt: image.alt });
        i = image.end;
        continue;
      }
    }

    if (char === '[') {
      push('link', '[');
      i++;
      continue;
    }

    if (char === ']' && text[i + 1] === '(' && openCount.link > 0) {
      const target = readLinkTarget(text, i + 1);
      if (target) {
        const frame = close('link')!;
        const href = safeLinkHref(target.url);
        if (href) top().children.push({ type: 'link', href, children: frame.children });
        else top().children.push(...frame.children);
        for (const outer of stack) {
          if (outer.kind === 'link' && outer.active) {
            outer.active = false;
            openCount.link--;
          }
        }
        i = target.end;
        continue;
      }
    }

    buffer += char;
    i++;
  }

  flush();
  while (stack.length > 1) collapseTop();
  return mergeText(stack[0]!.children);
}

function mergeText(nodes: MarkupNode[]): MarkupNode[] {
  const merged: MarkupNode[] = [];
  for (const node of nodes) {
    const previous = merged[merged.length - 1];
    if (node.type === 'text') {
      if (!node.text) continue;
      if (previous?.type === 'text') merged[merged.length - 1] = { type: 'text', text: previous.text + node.text };
      else merged.push(node);
    } else if (node.type === 'lineBreak' || node.type === 'image') {
      merged.push(node);
    } else {
      merged.push({ ...node, children: mergeText(node.children) });
    }
  }
  return merged;
}

/** The words of some markup without its markers: for cards, meta descriptions and feeds. */
export function markupToPlainText(source: string): string {
  const walk = (nodes: MarkupNode[]): string =>
    nodes
      .map((node) => (node.type === 'text' ? node.text : node.type === 'lineBreak' ? '\n' : node.type === 'image' ? '' : walk(node.children)))
      .join('');
  return walk(parseLightMarkup(source));
}
