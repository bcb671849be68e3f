import { markupLink } from '@agency/shared';
import { Toolbar } from 'radix-ui';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { LinkIcon } from '../shared/admin-icons';
import { errorToast } from '../shared/admin-resource';
import { insertLink as linkInText, BAD_LINK_TEXT, LINK_PLACEHOLDER, linkUrlFromPrompt, type EditResult, type MarkupStyle, type TextSelection, wrapSelection } from './markup-wrapping';
import { LinkDialog } from './link-dialog';
import { MediaLibraryDialog } from './media-library-dialog';

const STYLE_BUTTONS: { style: MarkupStyle; label: string; glyph: string; key: string }[] = [
  { style: 'bold', label: 'Bold', glyph: 'B', key: 'b' },
  { style: 'italic', label: 'Italic', glyph: 'I', key: 'i' },
  { style: 'underline', label: 'Underline', glyph: 'U', key: 'u' },
];

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_MAC ? '⌘' : 'Ctrl+';
export const SHORTCUTS_HINT = `Shortcuts: ${MOD}B bold, ${MOD}I italic, ${MOD}U underline, ${MOD}K link. Images go on their own line as ![alt text](address).`;
export const MARKUP_HINT = 'Select text, then use the buttons above: **bold**, *italic*, __underline__, [link text](https://…). New lines become line breaks.';

interface MarkupEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** ARIA of the text area (hint and problem). */
  aria: { 'aria-describedby'?: string; 'aria-invalid'?: boolean };
  rows?: number;
  /** Offer the image button (post bodies); short fields leave it out. */
  images?: boolean;
  /**
   * Ask for a link's address with the browser's own prompt, 'Enter the URL for the link:' (the quick
   * dialogs: a second dialog over theirs would be one too many); otherwise the link dialog asks.
   */
  promptForLink?: boolean;
  required?: boolean;
}

/**
 * The one light-markup text area of the admin, in the quick dialogs and the full editors: a toolbar
 * (one tab stop, arrow keys between buttons) and keyboard shortcuts wrap the selection in markers and
 * keep the same words selected; a link asks for its address; the image button inserts an image from
 * the media library. The text stays light markup, rendered by the same parser as the public pages.
 */
export function MarkupEditor({ id, value, onChange, aria, rows = 18, images = false, promptForLink = false, required }: MarkupEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const nextSelection = useRef<TextSelection | null>(null);
  const [linkFor, setLinkFor] = useState<TextSelection | null>(null);
  const [imageAt, setImageAt] = useState<TextSelection | null>(null);

  useLayoutEffect(() => {
    const selection = nextSelection.current;
    if (!selection || !area.current) return;
    nextSelection.current = null;
    area.current.focus();
    area.current.setSelectionRange(selection.start, selection.end);
  }, [value]);

  const currentSelection = (): TextSelection => ({ start: area.current?.selectionStart ?? value.length, end: area.current?.selectionEnd ?? value.length });

  const apply = (result: EditResult) => {
    nextSelection.current = result.selection;
    onChange(result.text);
  };
  const style = (markup: MarkupStyle) => apply(wrapSelection(value, currentSelection(), markup));
  const refocus = (selection: TextSelection | null) =>
    requestAnimationFrame(() => {
      area.current?.focus();
      if (selection) area.current?.setSelectionRange(selection.start, selection.end);
    });

  const insertLink = (url: string, text: string) => {
    const selection = linkFor ?? currentSelection();
    setLinkFor(null);
    const label = text || LINK_PLACEHOLDER;
    const link = markupLink(label, url);
    const caret = selection.start + link.length;
    apply({
      text: `${value.slice(0, selection.start)}${link}${value.slice(selection.end)}`,
      selection: text ? { start: caret, end: caret } : { start: selection.start + 1, end: selection.start + 1 + label.length },
    });
  };

  const insertImage = (url: string, alt: string) => {
    const selection = imageAt ?? currentSelection();
    setImageAt(null);
    const before = value.slice(0, selection.start);
    const after = value.slice(selection.end);
    // On a line of its own, so it reads as a figure between paragraphs.
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    const tail = after.startsWith('\n') ? '' : '\n';
    const image = `${lead}![${alt.replace(/[[\]\n]/g, ' ')}](${url})${tail}`;
    const caret = selection.start + image.length;
    apply({ text: `${before}${image}${after}`, selection: { start: caret, end: caret } });
  };

  const askForLink = () => {
    const selection = currentSelection();
    if (!promptForLink) {
      setLinkFor(selection);
      return;
    }
    const answer = window.prompt('Enter the URL for the link:');
    if (answer === null || !answer.trim()) {
      refocus(selection);
      return;
    }
    const url = linkUrlFromPrompt(answer);
    if (!url) {
      errorToast(BAD_LINK_TEXT);
      refocus(selection);
      return;
    }
    apply(linkInText(value, selection, url));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const key = event.key.toLowerCase();
    const button = STYLE_BUTTONS.find((candidate) => candidate.key === key);
    if (button) {
      event.preventDefault();
      style(button.style);
    } else if (key === 'k') {
      event.preventDefault();
      askForLink();
    }
  };

  const selectedText = linkFor ? value.slice(linkFor.start, linkFor.end).trim() : '';
  return (
    <div className="markup-editor rich-editor">
      <Toolbar.Root className="markup-toolbar" aria-label="Formatting" aria-controls={id}>
        {STYLE_BUTTONS.map(({ style: markup, label, glyph, key }) => (
          <Toolbar.Button
            key={markup}
            type="button"
            className={`markup-button markup-${markup}`}
            aria-label={label}
            aria-keyshortcuts={`Control+${key.toUpperCase()}`}
            title={`${label} (${MOD}${key.toUpperCase()})`}
            onClick={() => style(markup)}
          >
            {glyph}
          </Toolbar.Button>
        ))}
        <Toolbar.Button type="button" className="markup-button" aria-label="Link" aria-keyshortcuts="Control+K" title={`Link (${MOD}K)`} onClick={askForLink}>
          <LinkIcon width={18} height={18} />
        </Toolbar.Button>
        {images ? (
          <Toolbar.Button type="button" className="markup-button markup-image-button" onClick={() => setImageAt(currentSelection())}>
            Image
          </Toolbar.Button>
        ) : null}
      </Toolbar.Root>
      <textarea ref={area} id={id} className="textarea markup-textarea" rows={rows} required={required} value={value} onChange={(event) => onChange(event.target.value)} onKeyDown={onKeyDown} {...aria} />
      <LinkDialog
        open={linkFor !== null}
        selectedText={selectedText}
        onInsert={insertLink}
        onCancel={() => {
          const selection = linkFor;
          setLinkFor(null);
          refocus(selection);
        }}
      />
      {images ? (
        <MediaLibraryDialog
          open={imageAt !== null}
          purpose="Insert image"
          onChoose={(asset, alt) => insertImage(asset.url, alt)}
          onCancel={() => {
            const selection = imageAt;
            setImageAt(null);
            refocus(selection);
          }}
        />
      ) : null}
    </div>
  );
}
