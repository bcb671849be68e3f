import { CRAWLER_LOG_MAX_BYTES, CRAWLER_LOG_TOO_LARGE, type CrawlerLogAnswer } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { visitorMessage } from '../../../api/api-client';
import { crawlerLogReportQuery, uploadCrawlerLog } from '../../../api/crawler-log-request';
import { toast } from '../../../components/toast/toast-store';
import { emailLooksValid, INVALID_EMAIL_TOAST, ToolEmailField } from '../../../components/tool-email-field';
import { ToolPageIntro, ToolSteps } from '../../../components/tool-page-intro';
import { toolPages } from '../../../content/tools-copy';
import { CrawlerLogReport, formatBytes } from './crawler-log-report';

const route = getRouteApi('/ai-crawler-log-analyzer');
const FAILED = 'Failed to analyse your log. Please try again.';

type Phase = { kind: 'idle' } | { kind: 'uploading'; fraction: number } | { kind: 'reading' } | { kind: 'failed'; message: string };

export default function AiCrawlerLogAnalyzerPage() {
  const tool = toolPages.crawlerLogAnalyzer;
  const { report: reportId } = route.useSearch();
  const stored = useQuery({ ...crawlerLogReportQuery(reportId ?? ''), enabled: Boolean(reportId) });
  const [file, setFile] = useState<File>();
  const [email, setEmail] = useState('');
  const [site, setSite] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [answer, setAnswer] = useState<CrawlerLogAnswer>();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const report = answer ?? stored.data;

  useEffect(() => {
    if (answer) resultsHeading.current?.focus();
  }, [answer]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !email.trim()) return;
    if (!emailLooksValid(email)) {
      toast(INVALID_EMAIL_TOAST);
      return;
    }
    if (file.size > CRAWLER_LOG_MAX_BYTES) {
      toast({ title: 'File Too Large', description: CRAWLER_LOG_TOO_LARGE, variant: 'destructive' });
      return;
    }
    setPhase({ kind: 'uploading', fraction: 0 });
    try {
      const result = await uploadCrawlerLog({ file, email: email.trim(), site: site.trim() }, (fraction) =>
        setPhase(fraction >= 1 ? { kind: 'reading' } : { kind: 'uploading', fraction }),
      );
      setAnswer(result);
      setPhase({ kind: 'idle' });
    } catch (error) {
      const message = visitorMessage(error, FAILED);
      setPhase({ kind: 'failed', message });
      toast({ title: 'Analysis Failed', description: message, variant: 'destructive' });
    }
  };

  const running = phase.kind === 'uploading' || phase.kind === 'reading';
  return (
    <>
      <ToolPageIntro tool={tool} />
      <section className="section tool-section" aria-label={tool.name}>
        <div className="container narrow">
          <form className="card form tool-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="crawler-form-title">
            <h2 id="crawler-form-title" className="h3-size">
              Analyse an access log
            </h2>
            <div className="field">
              <label htmlFor="crawler-log-file">
                Access log <span className="required-mark" aria-hidden="true">*</span>
              </label>
              <input
                id="crawler-log-file"
                className="input crawler-file-input"
                type="file"
                accept=".log,.txt,.gz,.csv,.json,.jsonl,text/plain,text/csv,application/gzip,application/json"
                disabled={running}
                onChange={(event) => setFile(event.target.files?.[0])}
                aria-describedby="crawler-log-file-hint"
              />
              <p id="crawler-log-file-hint" className="field-hint">
                Combined log format (Apache, nginx), JSON lines or CSV with a header; plain or gzip; up to 50 MB.
                {file ? ` Selected: ${file.name} (${formatBytes(file.size)}).` : ''}
              </p>
            </div>
            <ToolEmailField id="crawler-email" value={email} onChange={setEmail} disabled={running} />
            <div className="field">
              <label htmlFor="crawler-site">Your site (optional)</label>
              <input
                id="crawler-site"
                className="input"
                type="text"
                inputMode="url"
                placeholder="example.com"
                value={site}
                disabled={running}
                onChange={(event) => setSite(event.target.value)}
                aria-describedby="crawler-site-hint"
              />
              <p id="crawler-site-hint" className="field-hint">
                We read its robots.txt to show the lines each crawler follows.
              </p>
            </div>
            <div>
              <button type="submit" className="btn btn-primary" disabled={running || !file || !email.trim()}>
                {running ? 'Analysing...' : 'Analyse Log'}
              </button>
            </div>
          </form>
          <div className={running ? 'tool-status is-busy' : 'tool-status'} role="status">
            {phase.kind === 'uploading' ? (
              <>
                Uploading your log... {Math.round(phase.fraction * 100)}%
                <progress className="crawler-progress" max={1} value={phase.fraction} aria-label="Upload progress" />
              </>
            ) : phase.kind === 'reading' ? (
              'Reading your log... counting each AI crawler’s requests.'
            ) : answer ? (
              'The analysis is complete. The report is below.'
            ) : (
              ''
            )}
          </div>
          {phase.kind === 'failed' ? <p className="form-error">{phase.message}</p> : null}
          {reportId && stored.isError && !answer ? <p className="form-error">{visitorMessage(stored.error, 'This report does not exist or has expired.')}</p> : null}
        </div>
      </section>
      {report ? (
        <section className="section tool-results" aria-labelledby="crawler-results-title">
          <div className="container">
            <div className="section-head">
              <h2 id="crawler-results-title" ref={resultsHeading} tabIndex={-1}>
                Your AI crawler report
              </h2>
            </div>
            <CrawlerLogReport report={report} />
          </div>
        </section>
      ) : null}
      <ToolSteps tool={tool} />
    </>
  );
}
