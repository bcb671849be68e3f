import { Link } from '@tanstack/react-router';
import { CtaBand } from '../../../components/cta-band';
import { CheckIcon, SparkIcon, ChatIcon } from '../../../components/icons';
import { IconCard } from '../../../components/icon-card';
import { PageIntro } from '../../../components/page-intro';
import { SectionHead } from '../../../components/section-head';
import { StatsStrip } from '../../../components/stats-strip';
import { aboutIntro, aboutPositioning, impactStats, missionValues } from '../../../content/about-copy';

const valueIcons = [SparkIcon, CheckIcon, ChatIcon];

export default function AboutPage() {
  return (
    <>
      <PageIntro intro={aboutIntro} />
      <section className="section" aria-labelledby="who-we-are">
        <div className="container about-layout">
          <h2 id="who-we-are">Who we are</h2>
          <div className="about-text">
            {aboutPositioning.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>
      <section className="section section-tint" aria-labelledby="our-impact">
        <div className="container">
          <SectionHead id="our-impact" title="Our Impact" center />
          <StatsStrip stats={impactStats} />
        </div>
      </section>
      <section className="section" aria-labelledby="our-mission">
        <div className="container">
          <SectionHead id="our-mission" title="Our Mission" eyebrow="What we stand for" center />
          <div className="grid grid-3">
            {missionValues.map((value, index) => {
              const Icon = valueIcons[index % valueIcons.length]!;
              return <IconCard key={value.title} icon={<Icon />} title={value.title} text={value.text} />;
            })}
          </div>
        </div>
      </section>
      <CtaBand title="Let's grow your brand in AI search">
        <Link to="/contact" className="btn btn-primary">
          Get In Touch
        </Link>
        <Link to="/services" className="btn btn-on-dark">
          Explore Our Services
        </Link>
      </CtaBand>
    </>
  );
}
