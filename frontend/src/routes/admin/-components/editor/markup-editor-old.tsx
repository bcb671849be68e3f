import { Toolbar } from 'radix-ui';
import { useLayoutEffect, useRef } from 'react';
import { LinkIcon } from '../shared/admin-icons';
import { errorToast } from '../shared/admin-resource';
import { hintId } from '../shared/form-fields';
import { insertLink, linkUrlFromPrompt, type EditResult, type MarkupStyle, type TextSelection, wrapSelection } from './markup-wrapping';

const STYLE_BUTTONS: { style: MarkupStyle; label: string; glyph: string }[] = [
  { style: 'bold', label: 'Bold', glyph: 'B' },
  { style: 'italic', label: 'Italic', glyph: 'I' },
  { style: 'underline', label: 'Underline', glyph: 'U' },
];

export const MARKUP_HINT = 'Select text, then use the buttons above: **bold**, *italic*, __underline__, [link text](https://…). New lines become line breaks.';

interface MarkupEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}

/**
 * The blog content editor: the toolbar wraps the selection in the light-markup markers
 * and gives the focus back to the text with the same words selected. Radix Toolbar gives the
 * buttons one tab stop and arrow-key movement.
 */
export function MarkupEditor({ id, value, onChange, required }: MarkupEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const nextSelection = useRef<TextSelection | null>(null);

  useLayoutEffect(() => {
    const selection = nextSelection.current;
    if (!selection || !area.current) return;
    nextSelection.current = null;
    area.current.focus();
    area.current.setSelectionRange(selection.start, selection.end);
  }, [value]);

  const apply = (edit: (text: string, selection: TextSelection) => EditResult | null) => {
    const element = area.current;
    if (!element) return;
    const result = edit(element.value, { start: element.selectionStart, end: element.selectionEnd });
    if (!result) {
      element.focus();
      return;
    }
    nextSelection.current = result.selection;
    onChange(result.text);
  };

  const addLink = () =>
    apply((text, selection) => {
      const answer = window.prompt('Enter the URL for the link:');
      if (answer === null || !answer.trim()) return null;
      const url = linkUrlFromPrompt(answer);
      if (!url) {
        errorToast('That address cannot be a link. Use one such as https://example.com or a site path such as /contact.');
        return null;
      }
      return insertLink(text, selection, url);
    });

  return (
    <div className="markup-editor">
      <Toolbar.Root className="markup-toolbar" aria-label="Formatting" aria-controls={id}>
        {STYLE_BUTTONS.map(({ style, label, glyph }) => (
          <Toolbar.Button key={style} type="button" className={`markup-button markup-${style}`} aria-label={label} title={label} onClick={() => apply((text, selection) => wrapSelection(text, selection, style))}>
            {glyph}
          </Toolbar.Button>
        ))}
        <Toolbar.Button type="button" className="markup-button" aria-label="Link" title="Link" onClick={addLink}>
          <LinkIcon width={18} height={18} />
        </Toolbar.Button>
      </Toolbar.Root>
      <textarea
        ref={area}
        id={id}
        className="textarea markup-textarea"
        value={value}
        required={required}
        aria-describedby={hintId(id)}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
