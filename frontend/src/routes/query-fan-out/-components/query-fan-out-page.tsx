import type { SemanticExpansionAnswer as FanOutAnswer } from '@agency/shared';
import { FAN_OUT_PATH, type FanOutRequest } from '../../../api/fan-out-request';
import { rememberVisitorEmail } from '../../../api/visitor-session';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { useToolRun } from '../../../components/use-tool-run';
import { toolPages } from '../../../content/tools-copy';
import { FanOutForm } from './fan-out-form';
import { FanOutProgress, fanOutStatusText } from './fan-out-progress';
import { FanOutResults } from './fan-out-results';
import './fan-out.css';

export default function QueryFanOutPage() {
  const tool = toolPages.semanticExpansion;
  const { run, resultsHeading, failureMessage } = useToolRun<FanOutRequest, FanOutAnswer>(FAN_OUT_PATH, {
    title: 'Error',
    fallback: 'Failed to generate semantic expansion. Please try again.',
  });

  return (
    <>
      <ToolPageIntro tool={tool} />
      <section className="section tool-section" aria-label={tool.name}>
        <div className="container narrow">
          <FanOutForm
            running={run.isPending}
            onSubmit={(request) => {
              rememberVisitorEmail(request.email);
              run.mutate(request);
            }}
          />
          <p className={run.isPending ? 'tool-status is-busy' : 'tool-status'} role="status">
            {run.isPending
              ? fanOutStatusText(run.progress)
              : run.data
                ? `Found ${run.data.queries.length} related queries. The results are below.`
                : ''}
          </p>
          {run.isPending ? <FanOutProgress progress={run.progress} /> : null}
          {failureMessage ? <p className="form-error">{failureMessage}</p> : null}
        </div>
      </section>
      {run.data && run.variables ? (
        <FanOutResults
          keyword={run.variables.keyword}
          website={run.variables.website}
          answer={run.data}
          headingRef={resultsHeading}
          onRetry={() => run.variables && run.mutate(run.variables)}
          retrying={run.isPending}
        />
      ) : null}
      <ToolSteps tool={tool} />
    </>
  );
}
