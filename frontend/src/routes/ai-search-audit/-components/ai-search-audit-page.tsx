import { getRouteApi } from '@tanstack/react-router';
import { rememberedVisitorEmail } from '../../../api/visitor-session';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';
import { AuditForm } from './audit-form';
import { AuditFormSection } from './audit-form-section';
import { useAuditRun } from './use-audit-run';
import './ai-search-audit.css';

const route = getRouteApi('/ai-search-audit');

export default function AiSearchAuditPage() {
  const tool = toolPages.aiSearchAudit;
  // ?q=…&website=… (Semantic Expansion's "Check in AI Search Audit") fill in the question and
  // site; the email comes along in memory, never in the address.
  const search = route.useSearch();
  const { running, live, onSubmit, queryRef } = useAuditRun();
  return (
    <>
      <ToolPageIntro tool={tool} />
      <AuditFormSection label={tool.name} live={live}>
        <AuditForm
          id="audit"
          title="Check your AI visibility"
          intro="Type the question a shopper would ask an AI assistant. We ask four models with web search on and show their answers and sources side by side."
          initial={{ query: search.q ?? '', website: search.website ?? '', email: rememberedVisitorEmail() }}
          running={running}
          onSubmit={onSubmit}
          queryRef={queryRef}
        />
      </AuditFormSection>
      <ToolSteps tool={tool} />
    </>
  );
}
