/**
 * Google's Search Suggestions for a Gemini answer grounded with Google Search, shown as Google
 * provides them (its terms ask for that). The HTML is Google's, not ours: it goes in a sandboxed
 * frame with no scripts and no access to this page, whose links open in a new tab. A srcdoc frame
 * keeps this page's Content-Security-Policy, which allows its inline style and nothing more.
 */
export function SearchSuggestions({ html }: { html: string }) {
  return (
    <div className="audit-search-suggestions">
      <iframe
        title="Google Search suggestions"
        className="audit-search-suggestions-frame"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={`<base target="_blank">${html}`}
      />
    </div>
  );
}
