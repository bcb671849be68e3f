import type { AuditAnswer } from '@agency/shared';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { visitorMessage } from '../../../api/api-client';
import { AUDIT_PATH, type AuditRequest } from '../../../api/audit-request';
import { useToolRequest } from '../../../api/use-tool-request';
import { rememberVisitorEmail } from '../../../api/visitor-session';
import { toast } from '../../../components/toast/toast-store';
import { AuditLiveProgress } from './audit-live-progress';

const FAILURE_TEXT = 'Failed to analyse your query. Please try again.';

/** The report just made in this tab: its page takes focus to its heading when it opens. */
let freshReportId: string | undefined;

/** True once for the report this tab has just made. */
export function takeFreshReport(reportId: string): boolean {
  const fresh = freshReportId === reportId;
  if (fresh) freshReportId = undefined;
  return fresh;
}

/**
 * Runs an audit from a form: live progress while it runs, then the results at the report's own
 * address (a new history entry), so a reload or Back keeps them. After a failure the form is
 * kept as it was and the query field takes focus.
 */
export function useAuditRun() {
  const navigate = useNavigate();
  const queryRef = useRef<HTMLInputElement>(null);
  const audit = useToolRequest<AuditRequest, AuditAnswer>(AUDIT_PATH, {
    onSuccess: (answer) => {
      toast({ title: 'Analysis Complete', description: 'Your AI search audit has been completed successfully.' });
      freshReportId = answer.reportId;
      void navigate({ to: '/ai-search-audit/report/$reportId', params: { reportId: answer.reportId } });
    },
    onError: (error) => {
      toast({ title: 'Analysis Failed', description: visitorMessage(error, FAILURE_TEXT), variant: 'destructive' });
    },
  });
  useEffect(() => {
    if (audit.status === 'error') queryRef.current?.focus();
  }, [audit.status]);
  const running = audit.isPending;
  return {
    running,
    live: running ? <AuditLiveProgress progress={audit.progress} /> : null,
    onSubmit: (request: AuditRequest) => {
      rememberVisitorEmail(request.email);
      audit.mutate(request);
    },
    queryRef,
  };
}
