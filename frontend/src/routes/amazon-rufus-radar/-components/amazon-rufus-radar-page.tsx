import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ExternalIcon } from '../../../components/icons';
import { DemoBanner } from '../../../components/demo-banner';
import { useSiteConfig } from '../../../config/use-site-config';
import { toolPages } from '../../../content/tools-copy';

/** How long the embedded tool may take before the page offers it in a tab of its own instead. */
export const RUFUS_FRAME_TIMEOUT_MS = 12_000;

type FrameState = 'waiting' | 'loading' | 'loaded' | 'failed';

/**
 * The external Rufus Radar tool, embedded full height; it may read and write the clipboard. The
 * frame is added once the page runs (its load event must be heard), behind a loading card; if it
 * has not loaded in time, a card offers the tool in a new tab. The link is there in every state,
 * above a loaded frame too (a frame that "loads" the tool's refusal looks loaded). Without a
 * configured address the page says the tool is not connected rather than frame a placeholder.
 */
export default function AmazonRufusRadarPage() {
  const site = useSiteConfig();
  const tool = toolPages.rufusRadar;
  const [state, setState] = useState<FrameState>('waiting');
  const toolUrl = site.external.rufusRadar;

  useEffect(() => {
    if (!toolUrl) return;
    setState('loading');
    const timer = setTimeout(() => setState((current) => (current === 'loading' ? 'failed' : current)), RUFUS_FRAME_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [toolUrl]);

  const openInTab = (
    <a className="btn btn-primary" href={toolUrl} target="_blank" rel="noopener noreferrer">
      Open in a new tab <ExternalIcon width={16} height={16} />
      <span className="visually-hidden"> (opens {tool.name} in a new tab)</span>
    </a>
  );

  return (
    <>
      <DemoBanner>Rufus Radar below is an external tool and is not part of the simulation.</DemoBanner>
      <section className="page-hero rufus-hero">
        <div className="container">
          {tool.intro.eyebrow ? <p className="eyebrow">{tool.intro.eyebrow}</p> : null}
          <h1>{tool.intro.title}</h1>
          <p className="lede">{tool.intro.lede}</p>
        </div>
      </section>
      <div className="embed-shell">
        {!toolUrl ? (
          <div className="embed-card" role="status">
            <h2 className="h3-size">{tool.name} is not connected on this site</h2>
            <p>Ask us for a Rufus analysis of your products and we will run it with you.</p>
            <Link to="/contact" className="btn btn-primary">
              Contact us
            </Link>
          </div>
        ) : state === 'failed' ? (
          <div className="embed-card" role="status">
            <h2 className="h3-size">{tool.name} did not load here</h2>
            <p>The tool may be busy, or your browser may be blocking it inside this page. It works on its own too.</p>
            {openInTab}
          </div>
        ) : (
          <>
            {state !== 'loaded' ? (
              <div className="embed-card embed-loading" role="status">
                <span className="spinner" aria-hidden="true" />
                <p>Loading {tool.name}…</p>
                <p className="embed-card-hint">
                  Taking a while?{' '}
                  <a href={toolUrl} target="_blank" rel="noopener noreferrer">
                    Open it in a new tab<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </p>
              </div>
            ) : null}
            {state === 'loaded' ? (
              <p className="embed-fallback">
                Not showing as it should?{' '}
                <a href={toolUrl} target="_blank" rel="noopener noreferrer">
                  Open {tool.name} in a new tab<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            ) : null}
            {state !== 'waiting' ? (
              <iframe
                className={state === 'loaded' ? 'embed-frame' : 'embed-frame is-loading'}
                src={toolUrl}
                title={tool.name}
                allow="clipboard-read; clipboard-write"
                onLoad={() => setState((current) => (current === 'failed' ? current : 'loaded'))}
              />
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
