import { describe, expect, it } from 'vitest';
import { markupToPlainText, parseLightMarkup } from '../../../../markup/light-markup-parser';
import { insertLink, linkUrlFromPrompt, wrapSelection } from './markup-wrapping';

describe('wrapSelection', () => {
  it('wraps the selected words in the bold, italic or underline markers and keeps them selected', () => {
    const text = 'Make brands visible in AI answers';
    const selection = { start: 5, end: 19 };
    expect(wrapSelection(text, selection, 'bold')).toEqual({ text: 'Make **brands visible** in AI answers', selection: { start: 7, end: 21 } });
    expect(wrapSelection(text, selection, 'italic')).toEqual({ text: 'Make *brands visible* in AI answers', selection: { start: 6, end: 20 } });
    expect(wrapSelection(text, selection, 'underline').text).toBe('Make __brands visible__ in AI answers');
  });

  it('writes markup that the public pages render in that style', () => {
    const { text } = wrapSelection('Make brands visible', { start: 5, end: 11 }, 'bold');
    expect(parseLightMarkup(text)).toEqual([
      { type: 'text', text: 'Make ' },
      { type: 'bold', children: [{ type: 'text', text: 'brands' }] },
      { type: 'text', text: ' visible' },
    ]);
  });

  it('leaves spaces at the edges of the selection outside the markers, where they would stop them working', () => {
    const result = wrapSelection('one two three', { start: 3, end: 8 }, 'underline');
    expect(result.text).toBe('one __two__ three');
    expect(parseLightMarkup(result.text)[1]).toEqual({ type: 'underline', children: [{ type: 'text', text: 'two' }] });
  });

  it('accepts a selection made backwards', () => {
    expect(wrapSelection('abc def', { start: 7, end: 4 }, 'italic').text).toBe('abc *def*');
  });

  it('inserts an empty pair with the caret between the markers when nothing is selected', () => {
    expect(wrapSelection('Hello ', { start: 6, end: 6 }, 'bold')).toEqual({ text: 'Hello ****', selection: { start: 8, end: 8 } });
  });
});

describe('insertLink', () => {
  it('links the selected words and puts the caret after the link', () => {
    const result = insertLink('Read our audit guide today', { start: 9, end: 20 }, 'https://example.com/guide');
    expect(result.text).toBe('Read our [audit guide](https://example.com/guide) today');
    expect(result.selection).toEqual({ start: 49, end: 49 });
    expect(parseLightMarkup(result.text)[1]).toEqual({
      type: 'link',
      href: 'https://example.com/guide',
      children: [{ type: 'text', text: 'audit guide' }],
    });
  });

  it("uses 'link text' when nothing is selected and selects it for typing over", () => {
    const result = insertLink('See ', { start: 4, end: 4 }, '/contact');
    expect(result.text).toBe('See [link text](/contact)');
    expect(result.text.slice(result.selection.start, result.selection.end)).toBe('link text');
    expect(markupToPlainText(result.text)).toBe('See link text');
  });
});

describe('linkUrlFromPrompt', () => {
  it('keeps web, mail and site addresses as typed', () => {
    expect(linkUrlFromPrompt(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(linkUrlFromPrompt('mailto:hello@example.com')).toBe('mailto:hello@example.com');
    expect(linkUrlFromPrompt('/ai-search-audit')).toBe('/ai-search-audit');
  });

  it('adds https:// to a bare domain', () => {
    expect(linkUrlFromPrompt('www.example.com/page')).toBe('https://www.example.com/page');
  });

  it('refuses what the public pages would not link', () => {
    for (const input of ['', '   ', 'javascript:alert(1)', 'two words', 'ftp://example.com', 'not a url']) {
      expect(linkUrlFromPrompt(input)).toBeNull();
    }
  });
});
