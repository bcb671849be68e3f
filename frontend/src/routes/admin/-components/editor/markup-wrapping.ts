import { LIGHT_MARKUP, markupLink } from '@agency/shared';
import { safeLinkHref } from '../../../../markup/light-markup-parser';

export type MarkupStyle = keyof typeof LIGHT_MARKUP;

export interface TextSelection {
  start: number;
  end: number;
}

/** The editor's text after a change and what should be selected in it. */
export interface EditResult {
  text: string;
  selection: TextSelection;
}

/** Why a typed address cannot become a link. */
export const BAD_LINK_TEXT = 'That address cannot be a link. Use one such as https://example.com or a site path such as /contact.';

/** Used when a link is added with nothing selected. */
export const LINK_PLACEHOLDER = 'link text';

/** The selection without surrounding spaces: markers next to a space do not open or close. */
function trimmed(text: string, { start, end }: TextSelection): TextSelection {
  const from = Math.max(0, Math.min(start, end, text.length));
  let to = Math.min(Math.max(start, end), text.length);
  let at = from;
  while (at < to && /\s/.test(text[at]!)) at++;
  while (to > at && /\s/.test(text[to - 1]!)) to--;
  return { start: at, end: to };
}

/**
 * Wraps the selected text in the markers of a style, keeping the same words selected. With
 * nothing selected it inserts the pair and puts the caret between them, ready for typing.
 */
export function wrapSelection(text: string, selection: TextSelection, style: MarkupStyle): EditResult {
  const { open, close } = LIGHT_MARKUP[style];
  const { start, end } = trimmed(text, selection);
  const inner = text.slice(start, end);
  return {
    text: `${text.slice(0, start)}${open}${inner}${close}${text.slice(end)}`,
    selection: { start: start + open.length, end: end + open.length },
  };
}

/**
 * Turns the selection into a link to `url`. With nothing selected the link reads 'link text',
 * which stays selected so it can be typed over; otherwise the caret goes after the link.
 */
export function insertLink(text: string, selection: TextSelection, url: string): EditResult {
  const { start, end } = trimmed(text, selection);
  const selected = text.slice(start, end);
  const label = selected || LINK_PLACEHOLDER;
  const link = markupLink(label, url);
  const result = `${text.slice(0, start)}${link}${text.slice(end)}`;
  return selected
    ? { text: result, selection: { start: start + link.length, end: start + link.length } }
    : { text: result, selection: { start: start + 1, end: start + 1 + label.length } };
}

/**
 * The address typed at the link prompt as the public pages will accept it: http(s), mailto or a
 * site path; 'www.example.com' gets https://. Null when it cannot become a link.
 */
export function linkUrlFromPrompt(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value)) return null;
  if (safeLinkHref(value)) return value;
  const withScheme = `https://${value}`;
  return /^[\w-]+(\.[\w-]+)+([/?#]\S*)?$/.test(value) && safeLinkHref(withScheme) ? withScheme : null;
}
