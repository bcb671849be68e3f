import { formatLongDate } from '../format/date-format';

function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** The marker on a preview: what the visitor sees is not public (yet), and why. */
export function PreviewBanner({ published, publishAt }: { published: boolean; publishAt?: string }) {
  const scheduledFor = published && publishAt !== undefined && Date.parse(publishAt) > Date.now() ? publishAt : null;
  const state = !published ? 'a draft' : scheduledFor ? `scheduled for ${formatLongDate(scheduledFor)}, ${formatTime(scheduledFor)}` : 'published';
  return (
    <div className="preview-banner" role="status">
      <strong>Preview</strong> This page is {state}. Only signed-in staff can see this preview; it is not indexed or cached.
    </div>
  );
}

/** What a preview shows while it loads or when the session is missing. */
export function PreviewNotice({ signedOut }: { signedOut: boolean }) {
  return (
    <div className="container narrow preview-notice">
      <h1>{signedOut ? 'Sign in to preview' : 'Loading preview...'}</h1>
      {signedOut ? (
        <p>
          Previews of drafts and scheduled posts are for staff. <a href="/admin">Sign in to the admin</a>, then open this link again.
        </p>
      ) : null}
    </div>
  );
}
