import { useId, type ReactNode } from 'react';

/** One record in a tab's list: a heading with badges (and a selection checkbox before it), optional actions, then its details. */
export function RecordCard({ title, leading, badges, actions, children }: { title: ReactNode; leading?: ReactNode; badges?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  const headingId = useId();
  return (
    <article className="admin-record" aria-labelledby={headingId}>
      <div className="admin-record-head">
        <div className="admin-record-title">
          {leading}
          <h3 id={headingId}>{title}</h3>
          {badges}
        </div>
        {actions ? <div className="admin-record-actions">{actions}</div> : null}
      </div>
      {children}
    </article>
  );
}

/** Label and value pairs under a record; pairs without a value are left out. */
export function RecordMeta({ items }: { items: [label: string, value: ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <dl className="admin-meta">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PublishedBadge({ published }: { published: boolean }) {
  return published ? <span className="badge badge-published">Published</span> : <span className="badge badge-draft">Draft</span>;
}

/** A link out of the panel (to a conversation, a video, the public page). */
export function OutLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a className="admin-out-link" href={href} target="_blank" rel="noopener noreferrer">
      {children ?? href}
    </a>
  );
}
