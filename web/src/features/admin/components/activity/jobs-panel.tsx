import { JOBS_TEXT, type JobState } from '@contracts/jobs';
import { Timer } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Empty } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/display/time-left';
import { useJobs } from '../../api/get-jobs';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';

/** An instant as the reader's date and time, in a <time> element; "Not yet run" when there is none. */
function When({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-500">{JOBS_TEXT.never}</span>;
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** Background jobs (issue #47): each named job's last run, next run, outcome and failures in a row, and how far a long one got. */
export function JobsPanel() {
  const jobs = useJobs();
  return (
    <Panel
      title={JOBS_TEXT.title}
      description="What the server does on its own: sending notifications, releasing first looks, refreshing the market guide and housekeeping."
    >
      <PanelStates
        query={jobs}
        loading={JOBS_TEXT.loading}
        empty={<Empty icon={Timer} title={JOBS_TEXT.title} text={JOBS_TEXT.empty} />}
      >
        {(data) => (
          <DataTable label={JOBS_TEXT.title} columns={['Job', 'Last run', 'Next run', 'Outcome']}>
            {data.map((job) => (
              <JobRow key={job.name} job={job} />
            ))}
          </DataTable>
        )}
      </PanelStates>
    </Panel>
  );
}

function JobRow({ job }: { job: JobState }) {
  return (
    <Row>
      <Cell label="Job">
        <span className="min-w-0 text-right md:text-left">
          <span className="block font-medium text-slate-900">{job.label}</span>
          <span className="block text-xs text-slate-500">{job.name}</span>
          {job.progress ? (
            <span className="mt-1 block text-xs text-slate-700" data-testid="job-progress">
              {job.progress}
            </span>
          ) : null}
        </span>
      </Cell>
      <Cell label="Last run" className="whitespace-nowrap">
        <When at={job.lastFinishedAt ?? job.lastStartedAt} />
      </Cell>
      <Cell label="Next run" className="whitespace-nowrap">
        <When at={job.nextRunAt} />
      </Cell>
      <Cell label="Outcome" className="max-md:items-start">
        {job.lastOutcome === null ? (
          <span className="text-slate-500">—</span>
        ) : (
          <span className="min-w-0 text-right md:text-left">
            <Badge tone={job.lastOutcome === 'ok' ? 'green' : 'red'}>
              {job.lastOutcome === 'ok' ? JOBS_TEXT.ok : JOBS_TEXT.failed}
            </Badge>
            {job.consecutiveFailures > 0 ? (
              <span className="mt-1 block text-xs text-red-700">
                {job.consecutiveFailures === 1 ? '1 failure' : `${job.consecutiveFailures} failures`} in a row
                {job.lastError ? `: ${job.lastError}` : ''}
              </span>
            ) : null}
          </span>
        )}
      </Cell>
    </Row>
  );
}
