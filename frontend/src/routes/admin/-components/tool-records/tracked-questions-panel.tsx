import type { TrackedQuestionRecord, TrackingStatus } from '@agency/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminTrackedQuestionsQuery, changeTrackedStatus } from '../../../../api/tracking-queries';
import { toast } from '../../../../components/toast/toast-store';
import { formatDateTime } from '../shared/admin-format';
import { errorToast, serverText } from '../shared/admin-resource';
import { ListToolbar } from '../shared/list-toolbar';
import { RecordCard, RecordMeta } from '../shared/record-card';
import { RecordsPanel } from '../shared/records-panel';
import { useListControls } from '../shared/use-list-controls';

const STATUS_BADGES: Record<TrackingStatus, [className: string, label: string]> = {
  pending: ['badge badge-draft', 'Awaiting confirmation'],
  active: ['badge badge-published', 'Active'],
  paused: ['badge badge-check-fail', 'Paused'],
  stopped: ['badge', 'Stopped'],
};

type Change = { id: number; status: Exclude<TrackingStatus, 'pending'> };

/** Tracked questions: the warmest leads, with their cadence, last run and last change; staff can pause, resume or stop one. */
export function TrackedQuestionsPanel() {
  const controls = useListControls({ filters: { status: '' } });
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ id, status }: Change) => changeTrackedStatus(id, status),
    onSuccess: (_result, { status }) => {
      toast({ title: 'Success', description: status === 'active' ? 'Tracking resumed.' : status === 'paused' ? 'Tracking paused.' : 'Tracking stopped.' });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, 'tracked-questions'] });
    },
    onError: (error) => errorToast(`Failed to change tracking: ${serverText(error)}`),
  });
  const button = (record: TrackedQuestionRecord, status: Change['status'], label: string) => (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      onClick={() => change.mutate({ id: record.id, status })}
      disabled={change.isPending && change.variables?.id === record.id}
      aria-label={`${label}: ${record.question}`}
    >
      {label}
    </button>
  );
  return (
    <RecordsPanel<TrackedQuestionRecord>
      title="Tracked Questions"
      result={useQuery(adminTrackedQuestionsQuery(controls.params))}
      controls={controls}
      countLabel={(total) => `${total.toLocaleString('en-GB')} Total`}
      loadingText="Loading tracked questions..."
      emptyText="Nobody tracks a question yet. Visitors start from an audit report."
      intro={
        <p className="admin-info">
          Audit questions visitors asked us to re-run weekly or monthly; each report link shows the whole trend. A question pauses by itself after three failed
          runs in a row, with the reason shown here.
        </p>
      }
      toolbar={
        <ListToolbar
          controls={controls}
          searchLabel="Search tracked questions"
          searchPlaceholder="Question, brand or address"
          filters={[
            {
              name: 'status',
              label: 'Status',
              options: [
                ['', 'All'],
                ['pending', 'Awaiting confirmation'],
                ['active', 'Active'],
                ['paused', 'Paused'],
                ['stopped', 'Stopped'],
              ],
            },
          ]}
        />
      }
      renderRecord={(record) => {
        const [badgeClass, badgeLabel] = STATUS_BADGES[record.status];
        return (
          <RecordCard
            key={record.id}
            title={record.question}
            badges={<span className={badgeClass}>{badgeLabel}</span>}
            actions={
              <>
                <a className="btn btn-secondary btn-small" href={record.reportUrl} target="_blank" rel="noreferrer">
                  History
                </a>
                {record.status === 'active' ? button(record, 'paused', 'Pause') : null}
                {record.status === 'paused' ? button(record, 'active', 'Resume') : null}
                {record.status !== 'stopped' ? button(record, 'stopped', 'Stop') : null}
              </>
            }
          >
            <RecordMeta
              items={[
                ['Brand', record.brand],
                ['Email', record.email],
                ['Cadence', record.cadence === 'weekly' ? 'Weekly' : 'Monthly'],
                ['Runs', String(record.runs)],
                ['Last run', record.lastRunAt ? formatDateTime(record.lastRunAt) : null],
                ['Last change', record.lastChange ?? null],
                ['Why', record.statusReason],
                ['Asked', formatDateTime(record.createdAt)],
              ]}
            />
          </RecordCard>
        );
      }}
    />
  );
}
