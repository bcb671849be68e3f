import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';

/** The upload form and results are added in the tools issue, between the intro and the steps. */
export default function AiImageReaderPage() {
  const tool = toolPages.aiImageReader;
  return (
    <>
      <ToolPageIntro tool={tool} />
      <ToolSteps tool={tool} />
    </>
  );
}
