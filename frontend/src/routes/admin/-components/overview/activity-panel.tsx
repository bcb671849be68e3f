import { type AdminActivityEntry, countLabel } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { adminActivityQuery } from '../../../../api/admin-queries';
import { formatDateTime } from '../shared/admin-format';
import { ListToolbar } from '../shared/list-toolbar';
import { RecordsPanel } from '../shared/records-panel';
import { useListControls } from '../shared/use-list-controls';

/** Who (which admin session) changed what, and when: every admin write and erasure, never the data itself. */
export function ActivityPanel() {
  const controls = useListControls({ pageSize: 50 });
  return (
    <RecordsPanel<AdminActivityEntry>
      title="Activity"
      result={useQuery(adminActivityQuery(controls.params))}
      controls={controls}
      countLabel={(total) => countLabel(total, 'entry', 'entries')}
      loadingText="Loading activity..."
      emptyText="No activity yet. Every change made in this panel is listed here."
      intro={
        <p className="admin-info">
          Every change made in this panel, newest first. “Session” tells one admin session from another; the log keeps ids and counts, never the
          names, addresses or text that were changed or erased.
        </p>
      }
      toolbar={<ListToolbar controls={controls} searchLabel="Search activity" searchPlaceholder="Action, summary or session" />}
      renderRecord={(entry) => (
        <div key={entry.id} className="admin-activity-row">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          <span className="admin-activity-summary">{entry.summary}</span>
          <span className="admin-activity-session">Session {entry.session}</span>
        </div>
      )}
    />
  );
}
