import type { ImageAnswer } from '@agency/shared';
import { useState, type FormEvent } from 'react';
import { IMAGE_PATH, type ImageRequest } from '../../../api/image-request';
import type { ToolProgressState } from '../../../api/tool-progress-state';
import { toast } from '../../../components/toast/toast-store';
import { emailLooksValid, INVALID_EMAIL_TOAST, ToolEmailField } from '../../../components/tool-email-field';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { useToolRun } from '../../../components/use-tool-run';
import { toolPages } from '../../../content/tools-copy';
import { readImageBase64 } from './image-file';
import { ImagePicker, useObjectUrl } from './image-picker';
import './image-reader.css';
import { IMAGE_MODELS, imageModelCards, ImageResults } from './image-results';

function busyText(reading: boolean, progress: ToolProgressState): string {
  if (reading || progress.phase === 'queued') return 'Analysing... sending your image to four vision models.';
  const answered = IMAGE_MODELS.filter(({ provider }) => progress.models[provider].status !== 'waiting').length;
  return answered < IMAGE_MODELS.length
    ? `Analysing... ${answered} of ${IMAGE_MODELS.length} models have answered.`
    : 'Analysing... all four models have answered. Preparing your results.';
}

export default function AiImageReaderPage() {
  const tool = toolPages.aiImageReader;
  const [file, setFile] = useState<File>();
  const [email, setEmail] = useState('');
  const [reading, setReading] = useState(false);
  // The image the results belong to, even if another one is chosen afterwards.
  const [analysed, setAnalysed] = useState<File>();
  const analysedUrl = useObjectUrl(analysed);
  const { run, resultsHeading, failureMessage } = useToolRun<ImageRequest, ImageAnswer>(IMAGE_PATH, {
    title: 'Analysis Failed',
    fallback: 'Failed to analyse your image. Please try again.',
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !email.trim()) return;
    if (!emailLooksValid(email)) {
      toast(INVALID_EMAIL_TOAST);
      return;
    }
    setReading(true);
    let imageBase64: string;
    try {
      imageBase64 = await readImageBase64(file);
    } catch {
      toast({ title: 'Analysis Failed', description: 'Your image could not be read. Please choose it again.', variant: 'destructive' });
      return;
    } finally {
      setReading(false);
    }
    setAnalysed(file);
    run.mutate({ imageBase64, email: email.trim() });
  };

  const running = reading || run.isPending;
  return (
    <>
      <ToolPageIntro tool={tool} />
      <section className="section tool-section" aria-label={tool.name}>
        <div className="container narrow">
          <form className="card form tool-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="image-form-title">
            <h2 id="image-form-title" className="h3-size">
              Analyse an image
            </h2>
            <ImagePicker id="image-file" file={file} disabled={running} onChange={setFile} />
            <ToolEmailField id="image-email" value={email} onChange={setEmail} disabled={running} />
            <div>
              <button type="submit" className="btn btn-primary" disabled={running || !file || !email.trim()}>
                {running ? 'Analysing...' : 'Analyse Image'}
              </button>
            </div>
          </form>
          <p className={running ? 'tool-status is-busy' : 'tool-status'} role="status">
            {running ? busyText(reading, run.progress) : run.data ? 'The analysis is complete. The findings are below.' : ''}
          </p>
          {failureMessage ? <p className="form-error">{failureMessage}</p> : null}
        </div>
      </section>
      {running || run.data ? (
        <ImageResults
          models={imageModelCards(run.data, run.progress)}
          answer={run.data}
          image={analysed && analysedUrl ? { url: analysedUrl, name: analysed.name } : undefined}
          finished={!running}
          headingRef={resultsHeading}
        />
      ) : null}
      <ToolSteps tool={tool} />
    </>
  );
}
