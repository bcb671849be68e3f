import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';

/** The semantic expansion form and results are added in the tools issue, between the intro and the steps. */
export default function QueryFanOutPage() {
  const tool = toolPages.semanticExpansion;
  return (
    <>
      <ToolPageIntro tool={tool} />
      <ToolSteps tool={tool} />
    </>
  );
}
