import type { SearchLabEntry } from '@agency/shared';
import { Link } from '@tanstack/react-router';
import { adminCaseStudiesQuery } from '../../../../api/admin-queries';
import { formatLongDate } from '../../../../format/date-format';
import { OrderedContentPanel } from '../ordered-content/ordered-content-panel';
import { caseStudyResource } from '../shared/content-resources';
import { OutLink, PublishedBadge, RecordMeta } from '../shared/record-card';
import { CaseStudyDialog } from './case-study-dialog';

/** The Search Lab tab: its case studies, in the order the public page shows them. */
export function CaseStudiesPanel() {
  return (
    <OrderedContentPanel<SearchLabEntry>
      title="Search Lab"
      listQuery={adminCaseStudiesQuery}
      resource={caseStudyResource}
      reorderNoun="case studies"
      noun="search lab entry"
      searchLabel="Search entries"
      loadingText="Loading entries..."
      emptyText="No search lab entries yet. Add a case study with New Entry."
      newLabel="New Entry"
      tools={
        <Link to="/admin/case-studies/$entryId" params={{ entryId: 'new' }} className="btn btn-secondary btn-small">
          Write a case study in the full editor
        </Link>
      }
      badgesOf={(entry) => (
        <>
          <PublishedBadge published={entry.published} />
          <span className="badge badge-accent">Position #{entry.displayOrder}</span>
        </>
      )}
      renderDetails={(entry) => (
        <>
          <p className="admin-record-text">{entry.summary}</p>
          <RecordMeta
            items={[
              ['Created', formatLongDate(entry.createdAt)],
              ['Full editor', <Link to="/admin/case-studies/$entryId" params={{ entryId: String(entry.id) }}>Open in editor</Link>],
              ['ChatGPT link', <OutLink href={entry.chatgptLink} />],
              ['Public page', entry.published ? <OutLink href={`/search-lab/${entry.slug}`}>/search-lab/{entry.slug}</OutLink> : null],
            ]}
          />
        </>
      )}
      Dialog={CaseStudyDialog}
    />
  );
}
