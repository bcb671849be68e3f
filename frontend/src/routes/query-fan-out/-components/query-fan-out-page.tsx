import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { visitorMessage } from '../../../api/api-client';
import { requestQueryFanOut } from '../../../api/query-fan-out-request';
import { toast } from '../../../components/toast/toast-store';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';
import { FanOutForm } from './fan-out-form';
import { FanOutResults } from './fan-out-results';

const FAILURE_TEXT = 'Failed to generate semantic expansion. Please try again.';

export default function QueryFanOutPage() {
  const tool = toolPages.semanticExpansion;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const run = useMutation({
    mutationFn: requestQueryFanOut,
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
              ? 'Analysing... generating related queries and reading your website. This can take up to a minute.'
              : run.data
                ? `Found ${run.data.queries.length} related queries. The results are below.`
                : ''}
          </p>
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
