import type { FanOutAnswer } from '@agency/shared';
import { useEffect, useRef } from 'react';
import { visitorMessage } from '../../../api/api-client';
import { QUERY_FAN_OUT_PATH, type FanOutRequest } from '../../../api/query-fan-out-request';
import { useToolRequest } from '../../../api/use-tool-request';
import { toast } from '../../../components/toast/toast-store';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';
import { FanOutForm } from './fan-out-form';
import { FanOutProgress, fanOutStatusText } from './fan-out-progress';
import { FanOutResults } from './fan-out-results';

const FAILURE_TEXT = 'Failed to generate semantic expansion. Please try again.';

export default function QueryFanOutPage() {
  const tool = toolPages.semanticExpansion;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const run = useToolRequest<FanOutRequest, FanOutAnswer>(QUERY_FAN_OUT_PATH, {
    onError: (error) => {
      // The service's own sentence says what to change (a website we may not read, the hourly limit).
      toast({ title: 'Error', description: visitorMessage(error, FAILURE_TEXT), variant: 'destructive' });
    },
  });

  useEffect(() => {
    if (run.data) resultsHeading.current?.focus();
  }, [run.data]);

  return (
    <>
      <ToolPageIntro tool={tool} />
      <section className="section tool-section" aria-label={tool.name}>
        <div className="container narrow">
          <FanOutForm running={run.isPending} onSubmit={(request) => run.mutate(request)} />
          <p className={run.isPending ? 'tool-status is-busy' : 'tool-status'} role="status">
            {run.isPending
              ? fanOutStatusText(run.progress)
              : run.data
                ? `Found ${run.data.queries.length} related queries. The results are below.`
                : ''}
          </p>
          {run.isPending ? <FanOutProgress progress={run.progress} /> : null}
          {run.isError ? <p className="form-error">{visitorMessage(run.error, FAILURE_TEXT)}</p> : null}
        </div>
      </section>
      {run.data && run.variables ? (
        <FanOutResults keyword={run.variables.keyword} website={run.variables.website} answer={run.data} headingRef={resultsHeading} />
      ) : null}
      <ToolSteps tool={tool} />
    </>
  );
}
