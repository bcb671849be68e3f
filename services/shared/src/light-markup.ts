/**
 * Markers of the blog's light markup: the admin editor wraps selected text in them
 * and the public pages parse them. Newlines become line breaks.
 */
export const LIGHT_MARKUP = {
  bold: { open: '**', close: '**' },
  italic: { open: '*', close: '*' },
  underline: { open: '__', close: '__' },
} as const;

/** `[text](url)`; only these schemes become links. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;

export function markupLink(text: string, url: string): string {
  return `[${text}](${url})`;
}
