import { TOOL_TEXT_LIMITS, type AuditAnswer } from '@agency/shared';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { visitorMessage } from '../../../api/api-client';
import { AUDIT_PATH, type AuditRequest } from '../../../api/audit-request';
import { useToolRequest } from '../../../api/use-tool-request';
import { toast } from '../../../components/toast/toast-store';
import { DemoBanner } from '../../../components/demo-banner';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';
import { AuditForm } from './audit-form';
import { AuditLiveProgress } from './audit-live-progress';
import { AuditResults } from './audit-results';
import './ai-search-audit.css';

const FAILURE_TEXT = 'Failed to analyse your query. Please try again.';

interface FinishedAudit {
  request: AuditRequest;
  answer: AuditAnswer;
  /** Counts finished audits: each one gets a fresh "Run a New Analysis" form. */
  serial: number;
}

export default function AiSearchAuditPage() {
  const tool = toolPages.aiSearchAudit;
  // ?q=… (Semantic Expansion's "Check in AI Search Audit") fills in the question.
  const prefill = useRouterState({ select: (state) => prefilledQuery((state.location.search as Record<string, unknown>).q) });
  const [finished, setFinished] = useState<FinishedAudit>();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const queryField = useRef<HTMLInputElement>(null);
  const audit = useToolRequest<AuditRequest, AuditAnswer>(AUDIT_PATH, {
    onSuccess: (answer, request) => {
      setFinished((previous) => ({ request, answer, serial: (previous?.serial ?? 0) + 1 }));
      toast({ title: 'Analysis Complete', description: 'Your AI search audit has been completed successfully.' });
    },
    onError: (error) => {
      toast({ title: 'Analysis Failed', description: visitorMessage(error, FAILURE_TEXT), variant: 'destructive' });
    },
  });

  useEffect(() => {
    if (finished) resultsHeading.current?.focus();
  }, [finished]);
  // After a failure the progress that had focus is gone; the form is kept as it was.
  useEffect(() => {
    if (audit.status === 'error') queryField.current?.focus();
  }, [audit.status]);

  const running = audit.isPending;
  const live = running ? <AuditLiveProgress progress={audit.progress} /> : null;
  const formState = { running, onSubmit: (request: AuditRequest) => audit.mutate(request), queryRef: queryField };

  if (!finished) {
    return (
      <>
        <ToolPageIntro tool={tool} />
        <AuditFormSection label={tool.name} live={live}>
          <AuditForm
            id="audit"
            title="Check your AI visibility"
            intro="Type the question a shopper would ask an AI assistant. We ask four models with web search on and show their answers and sources side by side."
            initial={{ query: prefill }}
            {...formState}
          />
        </AuditFormSection>
        <ToolSteps tool={tool} />
      </>
    );
  }

  return (
    <>
      <DemoBanner />
      <AuditResults answer={finished.answer} brand={finished.request.brand} website={finished.request.website} headingRef={resultsHeading} />
      <AuditFormSection label="Run a New Analysis" live={live}>
        <AuditForm
          // A fresh form for each finished audit, keeping the brand and email the visitor gave.
          key={finished.serial}
          id="audit-again"
          title="Run a New Analysis"
          intro="Try another question, or the same one with a different brand."
          initial={{ brand: finished.request.brand ?? '', website: finished.request.website ?? '', email: finished.request.email }}
          {...formState}
        />
      </AuditFormSection>
    </>
  );
}

/** The form, with the live model cards below it while an audit runs. */
/** The router parses `?q=12` as a number; any other shape is ignored. */
function prefilledQuery(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.slice(0, TOOL_TEXT_LIMITS.query) : '';
}

function AuditFormSection({ label, live, children }: { label: string; live: ReactNode; children: ReactNode }) {
  return (
    <section className="section section-tight audit-section" aria-label={label}>
      <div className="container">
        <div className="audit-form-wrap">{children}</div>
        {live}
      </div>
    </section>
  );
}
