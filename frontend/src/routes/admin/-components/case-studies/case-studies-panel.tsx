import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { SearchLabEntry } from '@agency/shared';
import { adminCaseStudiesQuery, REORDER_LIST_PARAMS } from '../../../../api/admin-queries';
import { formatLongDate } from '../../../../format/date-format';
import { caseStudyResource } from '../shared/content-resources';
import { CrudPanel } from '../shared/crud-panel';
import { PUBLISHED_FILTER, POSITION_SORTS } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { useListControls } from '../shared/use-list-controls';
import { OutLink, PublishedBadge, RecordMeta } from '../shared/record-card';
import { ReorderButton } from '../ordered-content/reorder-list';
import { CaseStudyDialog } from './case-study-dialog';

export function CaseStudiesPanel() {
  const controls = useListControls();
  // Reordering needs every entry in position order, not the page on screen.
  const everyEntry = useQuery(adminCaseStudiesQuery(REORDER_LIST_PARAMS));
  return (
    <>
      <div className="admin-panel-tools">
        <Link to="/admin/case-studies/$entryId" params={{ entryId: 'new' }} className="btn btn-secondary btn-small">
          Write a case study in the full editor
        </Link>
        <ReorderButton noun="case studies" items={everyEntry.data?.items ?? []} orderPath={`${caseStudyResource.path}/order`} refreshes={caseStudyResource.refreshes} />
      </div>
      <CrudPanel<SearchLabEntry>
        title="Search Lab"
        result={useQuery(adminCaseStudiesQuery(controls.params))}
        controls={controls}
        toolbar={<ListToolbar controls={controls} searchLabel="Search entries" searchPlaceholder="Title" filters={[PUBLISHED_FILTER]} sorts={POSITION_SORTS} />}
        loadingText="Loading entries..."
        emptyText="No search lab entries yet. Add a case study with New Entry."
        newLabel="New Entry"
        noun="search lab entry"
        resource={caseStudyResource}
        nameOf={(entry) => entry.title}
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
    </>
  );
}
