import { describe, expect, it } from 'vitest';
import { markupToPlainText, parseLightMarkup, safeLinkHref } from './light-markup-parser';

describe('parseLightMarkup', () => {
  it('reads bold, italic, underline and line breaks', () => {
    expect(parseLightMarkup('a **b** *c* __d__\ne')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'bold', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'underline', children: [{ type: 'text', text: 'd' }] },
      { type: 'lineBreak' },
      { type: 'text', text: 'e' },
    ]);
  });

  it('reads Windows line endings as one break', () => {
    expect(parseLightMarkup('a\r\nb')).toEqual([{ type: 'text', text: 'a' }, { type: 'lineBreak' }, { type: 'text', text: 'b' }]);
  });

  it('reads links with http, https and mailto targets and same-site paths', () => {
    expect(parseLightMarkup('[site](https://example.com/a?b=1) [mail](mailto:hi@example.com) [audit](/ai-search-audit)')).toEqual([
      { type: 'link', href: 'https://example.com/a?b=1', children: [{ type: 'text', text: 'site' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'mailto:hi@example.com', children: [{ type: 'text', text: 'mail' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: '/ai-search-audit', children: [{ type: 'text', text: 'audit' }] },
    ]);
  });

  it('keeps parentheses that belong to a URL', () => {
    const [link] = parseLightMarkup('[wiki](https://en.wikipedia.org/wiki/Foo_(bar))');
    expect(link).toEqual({ type: 'link', href: 'https://en.wikipedia.org/wiki/Foo_(bar)', children: [{ type: 'text', text: 'wiki' }] });
  });

  it('nests markers inside each other and inside links', () => {
    expect(parseLightMarkup('**bold *both* bold**')).toEqual([
      {
        type: 'bold',
        children: [
          { type: 'text', text: 'bold ' },
          { type: 'italic', children: [{ type: 'text', text: 'both' }] },
          { type: 'text', text: ' bold' },
        ],
      },
    ]);
    expect(parseLightMarkup('[**go** now](https://example.com)')).toEqual([
      {
        type: 'link',
        href: 'https://example.com/',
        children: [{ type: 'bold', children: [{ type: 'text', text: 'go' }] }, { type: 'text', text: ' now' }],
      },
    ]);
  });

  it('reads the editor output for bold plus italic, ***text***', () => {
    expect(parseLightMarkup('***both***')).toEqual([
      { type: 'italic', children: [{ type: 'bold', children: [{ type: 'text', text: 'both' }] }] },
    ]);
  });

  it('leaves unbalanced markers as the characters they are', () => {
    expect(markupToPlainText('**open without close')).toBe('**open without close');
    expect(markupToPlainText('close without open**')).toBe('close without open**');
    expect(markupToPlainText('2 * 3 * 4')).toBe('2 * 3 * 4');
    expect(markupToPlainText('[not a link] (x)')).toBe('[not a link] (x)');
    expect(markupToPlainText('[half](https://example.com')).toBe('[half](https://example.com');
    expect(parseLightMarkup('**a *b** c*')).toEqual([
      { type: 'bold', children: [{ type: 'text', text: 'a *b' }] },
      { type: 'text', text: ' c*' },
    ]);
  });

  it('keeps HTML as plain text', () => {
    expect(parseLightMarkup('<script>alert(1)</script><img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
    ]);
  });

  it('never makes a link of a script, data or protocol-relative target', () => {
    for (const target of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example.com',
      '/\\evil.example.com',
      'www.example.com',
    ]) {
      const nodes = parseLightMarkup(`[click](${target})`);
      expect(JSON.stringify(nodes), target).not.toContain('"link"');
    }
  });

  it('shows the text of a refused link without its target', () => {
    expect(markupToPlainText('[click me](javascript:alert(1))')).toBe('click me');
  });

  it('does not put a link inside a link', () => {
    const nodes = parseLightMarkup('[outer [inner](https://a.example) text](https://b.example)');
    const links = JSON.stringify(nodes).match(/"type":"link"/g) ?? [];
    expect(links).toHaveLength(1);
  });

  it('stays fast on thousands of unmatched markers', () => {
    const hostile = '**[*__'.repeat(20_000) + '](https://example.com)'.repeat(2_000);
    const started = performance.now();
    parseLightMarkup(hostile);
    expect(performance.now() - started).toBeLessThan(300);
  });

  it('reads nesting deeper than real content as text', () => {
    const deep = `${'*a **b __c '.repeat(50)}x`;
    const depth = (nodes: ReturnType<typeof parseLightMarkup>): number =>
      Math.max(0, ...nodes.map((node) => ('children' in node ? 1 + depth(node.children) : 0)));
    expect(depth(parseLightMarkup(deep))).toBeLessThanOrEqual(8);
    expect(markupToPlainText(deep)).toBe(deep);
  });
});

describe('safeLinkHref', () => {
  it('normalises allowed URLs and refuses the rest', () => {
    expect(safeLinkHref('https://example.com')).toBe('https://example.com/');
    expect(safeLinkHref('/contact')).toBe('/contact');
    expect(safeLinkHref('javascript:void(0)')).toBeNull();
    expect(safeLinkHref('ftp://example.com')).toBeNull();
  });
});
