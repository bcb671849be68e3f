import { Parser } from 'htmlparser2';

export interface ExtractedPage {
  title: string;
  /** Visible text in passages of roughly 200–700 characters, in page order. */
  passages: string[];
  /** Absolute http(s) link targets, in page order, without fragments, de-duplicated. */
  links: string[];
}

export const PASSAGE_MIN_CHARS = 200;
export const PASSAGE_MAX_CHARS = 700;
const MAX_PASSAGES_PER_PAGE = 400;
const MAX_LINKS_PER_PAGE = 500;
const MAX_TITLE_CHARS = 300;
const MIN_PASSAGE_CHARS = 20;

/** Elements whose content a visitor never reads as page text. */
const INVISIBLE_ELEMENTS = new Set([
  'head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas',
  'video', 'audio', 'select', 'textarea', 'datalist',
]);
/** Repeated on every page and useless as evidence; its links still help find pages. */
const BOILERPLATE_ELEMENTS = new Set(['nav']);
const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Page regions a passage never spans, so repeated headers and footers stay separate (and de-duplicable). */
const SECTIONING_ELEMENTS = new Set(['article', 'aside', 'footer', 'header', 'main', 'nav', 'section']);
// Inline styles that hide text: a common way to plant instructions for machines in a page.
const HIDING_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|content-visibility\s*:\s*hidden|opacity\s*:\s*0*\.?0*\s*(?:!important\s*)?(?:;|$)|font-size\s*:\s*0*\.?0*(?:px|em|rem|pt|%)?\s*(?:!important\s*)?(?:;|$))/i;
// Soft hyphens, zero-width characters and control characters (a body of NUL bytes yields no text).
// eslint-disable-next-line no-control-regex
const INVISIBLE_CHARS = /[\u0000-\u0008\u000e-\u001f\u007f\u00ad\u200b-\u200d\u2060\ufeff]/g;

interface OpenElement {
  name: string;
  invisible: boolean;
  boilerplate: boolean;
}

interface TextBlock {
  text: string;
  heading: boolean;
  /** First text of a page region (article, section, footer…). */
  startsRegion?: boolean;
}

export function collapseWhitespace(text: string): string {
  return text.replace(INVISIBLE_CHARS, '').replace(/\s+/g, ' ').trim();
}

function hidesContent(name: string, attributes: Record<string, string>): boolean {
  if (INVISIBLE_ELEMENTS.has(name)) return true;
  if ('hidden' in attributes) return true;
  if (attributes['aria-hidden']?.trim().toLowerCase() === 'true') return true;
  if (name === 'dialog' && !('open' in attributes)) return true;
  const style = attributes.style;
  return style !== undefined && HIDING_STYLE.test(style);
}

/** Title, visible text passages and links of an HTML document. */
export function extractPage(html: string, pageUrl: URL): ExtractedPage {
  const stack: OpenElement[] = [];
  let invisibleDepth = 0;
  let boilerplateDepth = 0;
  let titleText: string | null = null;
  let inTitle = false;
  let firstHeading = '';
  let headingDepth = 0;
  let buffer = '';
  let regionBoundary = false;
  const blocks: TextBlock[] = [];
  const links = new Set<string>();

  const flush = () => {
    const text = collapseWhitespace(buffer);
    buffer = '';
    if (text === '') return;
    const heading = headingDepth > 0;
    if (heading && firstHeading === '') firstHeading = text;
    blocks.push({ text, heading, startsRegion: regionBoundary });
    regionBoundary = false;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && titleText === null && stack.every((open) => !open.invisible || open.name === 'head')) {
          inTitle = true;
          titleText = '';
        }
        const invisible = hidesContent(name, attributes);
        const boilerplate = BOILERPLATE_ELEMENTS.has(name);
        if (BLOCK_ELEMENTS.has(name)) flush();
        if (SECTIONING_ELEMENTS.has(name)) regionBoundary = true;
        stack.push({ name, invisible, boilerplate });
        if (invisible) invisibleDepth++;
        if (boilerplate) boilerplateDepth++;
        if (HEADINGS.has(name)) headingDepth++;
        if (name === 'br') buffer += ' ';
        if (name === 'a' && invisibleDepth === 0 && links.size < MAX_LINKS_PER_PAGE) {
          const link = absoluteLink(attributes.href, pageUrl);
          if (link !== null) links.add(link);
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
        else if (invisibleDepth === 0 && boilerplateDepth === 0) buffer += text;
      },
      onclosetag(name) {
        const index = stack.findLastIndex((element) => element.name === name);
        if (index === -1) return;
        if (BLOCK_ELEMENTS.has(name)) flush();
        if (SECTIONING_ELEMENTS.has(name)) regionBoundary = true;
        for (const element of stack.splice(index)) {
          if (element.invisible) invisibleDepth--;
          if (element.boilerplate) boilerplateDepth--;
          if (HEADINGS.has(element.name)) headingDepth--;
          if (element.name === 'title') inTitle = false;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();

  const title = collapseWhitespace(titleText ?? '') || firstHeading;
  return {
    title: title.slice(0, MAX_TITLE_CHARS),
    passages: assemblePassages(blocks).slice(0, MAX_PASSAGES_PER_PAGE),
    links: [...links],
  };
}

function absoluteLink(href: string | undefined, base: URL): string | null {
  if (href === undefined) return null;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** Merges short blocks and splits long ones into passages of roughly 200–700 characters; headings start passages. */
export function assemblePassages(blocks: readonly TextBlock[]): string[] {
  const passages: string[] = [];
  let current: string[] = [];
  let length = 0;
  const flush = () => {
    if (current.length > 0) passages.push(current.join('\n'));
    current = [];
    length = 0;
  };
  for (const block of blocks) {
    if ((block.startsRegion === true && length > 0) || (block.heading && length >= PASSAGE_MIN_CHARS)) flush();
    const pieces = block.text.length > PASSAGE_MAX_CHARS ? splitLongText(block.text, PASSAGE_MAX_CHARS) : [block.text];
    for (const piece of pieces) {
      const added = length === 0 ? piece.length : length + 1 + piece.length;
      if (added > PASSAGE_MAX_CHARS && length > 0) flush();
      current.push(piece);
      length = length === 0 ? piece.length : length + 1 + piece.length;
    }
  }
  flush();
  return passages.filter((passage) => passage.length >= MIN_PASSAGE_CHARS);
}

/** Cuts text at sentence ends (else at spaces, else anywhere) into pieces of at most maxChars. */
export function splitLongText(text: string, maxChars: number): string[] {
  const units = text.split(/(?<=[.!?…])\s+/).flatMap((sentence) => (sentence.length > maxChars ? splitAtSpaces(sentence, maxChars) : [sentence]));
  const pieces: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current !== '' && current.length + 1 + unit.length > maxChars) {
      pieces.push(current);
      current = unit;
    } else current = current === '' ? unit : `${current} ${unit}`;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

function splitAtSpaces(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const cut = space > maxChars / 2 ? space : maxChars;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/** Decodes an HTML body by its declared charset (header, byte-order mark or meta tag), else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string): string {
  const label = charsetOf(contentType) ?? bomCharset(body) ?? metaCharset(body) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function charsetOf(contentType: string): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
}

function bomCharset(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}
