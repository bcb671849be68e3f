import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';

/** The audit form and its results view are added in the tools issue, between the intro and the steps. */
export default function AiSearchAuditPage() {
  const tool = toolPages.aiSearchAudit;
  return (
    <>
      <ToolPageIntro tool={tool} />
      <ToolSteps tool={tool} />
    </>
  );
}
