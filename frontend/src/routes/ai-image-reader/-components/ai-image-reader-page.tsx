import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { visitorMessage } from '../../../api/api-client';
import { requestImageAnalysis, type ImageAnswer, type ImageModelKey } from '../../../api/image-analysis-request';
import { toast } from '../../../components/toast/toast-store';
import { emailLooksValid, INVALID_EMAIL_TOAST, ToolEmailField } from '../../../components/tool-email-field';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';
import { readImageBase64 } from './image-file';
import { readModelFindings } from './image-findings';
import { ImagePicker } from './image-picker';
import { IMAGE_MODELS, ImageResults, type ModelCardState } from './image-results';

const FAILURE_TEXT = 'Failed to analyse your image. Please try again.';

interface ImageRun {
  file: File;
  email: string;
}

function modelStates(answer: ImageAnswer | undefined): Record<ImageModelKey, ModelCardState> {
  return Object.fromEntries(
    IMAGE_MODELS.map(({ key }) => [key, answer ? readModelFindings(answer[key]) : { kind: 'waiting' }]),
  ) as Record<ImageModelKey, ModelCardState>;
}

export default function AiImageReaderPage() {
  const tool = toolPages.aiImageReader;
  const [file, setFile] = useState<File>();
  const [email, setEmail] = useState('');
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const run = useMutation({
    mutationFn: async ({ file: image, email: address }: ImageRun) =>
      requestImageAnalysis({ imageBase64: await readImageBase64(image), email: address }),
    onError: (error) => {
      toast({ title: 'Analysis Failed', description: visitorMessage(error, FAILURE_TEXT), variant: 'destructive' });
    },
  });

  useEffect(() => {
    if (run.data) resultsHeading.current?.focus();
  }, [run.data]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !email.trim()) return;
    if (!emailLooksValid(email)) {
      toast(INVALID_EMAIL_TOAST);
      return;
    }
    run.mutate({ file, email: email.trim() });
  };

  const running = run.isPending;
  return (
    <>
      <ToolPageIntro tool={tool} />
      <section className="section tool-section" aria-label={tool.name}>
        <div className="container narrow">
          <form className="card form tool-form" onSubmit={submit} noValidate aria-labelledby="image-form-title">
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
            {running
              ? 'Analysing... four vision models are reading your image. This usually takes a few seconds.'
              : run.data
                ? 'The analysis is complete. The findings are below.'
                : ''}
          </p>
          {run.isError ? <p className="form-error">{visitorMessage(run.error, FAILURE_TEXT)}</p> : null}
        </div>
      </section>
      {running || run.data ? <ImageResults models={modelStates(run.data)} finished={!running} headingRef={resultsHeading} /> : null}
      <ToolSteps tool={tool} />
    </>
  );
}
