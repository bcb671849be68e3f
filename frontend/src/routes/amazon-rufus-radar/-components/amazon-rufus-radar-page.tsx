import { DemoBanner } from '../../../components/demo-banner';
import { useSiteConfig } from '../../../config/use-site-config';
import { toolPages } from '../../../content/tools-copy';

/** The external Rufus Radar tool, embedded full height; it may read and write the clipboard. */
export default function AmazonRufusRadarPage() {
  const site = useSiteConfig();
  const tool = toolPages.rufusRadar;
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
      <iframe className="embed-frame" src={site.external.rufusRadar} title={tool.name} allow="clipboard-read; clipboard-write" />
    </>
  );
}
