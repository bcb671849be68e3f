import type { SemanticExpansionAnswer } from '@agency/shared';
import { SEMANTIC_EXPANSION_PATH, type SemanticExpansionRequest } from '../../../api/semantic-expansion-request';
import { rememberVisitorEmail } from '../../../api/visitor-session';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { useToolRun } from '../../../components/use-tool-run';
import { toolPages } from '../../../content/tools-copy';
import { SemanticExpansionForm } from './semantic-expansion-form';
import { SemanticExpansionProgress, semanticExpansionStatusText } from './semantic-expansion-progress';
import { SemanticExpansionResults } from './semantic-expansion-results';
import './semantic-expansion.css';

export default function SemanticExpansionPage() {
  const tool = toolPages.semanticExpansion;
  const { run, resultsHeading, failureMessage } = useToolRun<SemanticExpansionRequest, SemanticExpansionAnswer>(SEMANTIC_EXPANSION_PATH, {
    title: 'Error',
    fallback: 'Failed to generate semantic expansion. Please try again.',
  });

  return (
    <>
      <ToolPageIntro tool={tool} />
      <section className="section tool-section" aria-label={tool.name}>
        <div className="container narrow">
          <SemanticExpansionForm
            running={run.isPending}
            onSubmit={(request) => {
              rememberVisitorEmail(request.email);
              run.mutate(request);
            }}
          />
          <p className={run.isPending ? 'tool-status is-busy' : 'tool-status'} role="status">
            {run.isPending
              ? semanticExpansionStatusText(run.progress)
              : run.data
                ? `Found ${run.data.queries.length} related queries. The results are below.`
                : ''}
          </p>
          {run.isPending ? <SemanticExpansionProgress progress={run.progress} /> : null}
          {failureMessage ? <p className="form-error">{failureMessage}</p> : null}
        </div>
      </section>
      {run.data && run.variables ? (
        <SemanticExpansionResults
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
