import { Link } from '@tanstack/react-router';
import { CtaBand } from '../../../components/cta-band';
import { CheckIcon, SparkIcon, ChatIcon } from '../../../components/icons';
import { PageIntro } from '../../../components/page-intro';
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
          <div className="section-head center">
            <h2 id="our-impact">Our Impact</h2>
          </div>
          <dl className="stats-strip">
            {impactStats.map((stat) => (
              <div className="stat" key={stat.label}>
                <dt className="stat-label">{stat.label}</dt>
                <dd className="stat-value">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="section" aria-labelledby="our-mission">
        <div className="container">
          <div className="section-head center">
            <p className="eyebrow">What we stand for</p>
            <h2 id="our-mission">Our Mission</h2>
          </div>
          <div className="grid grid-3">
            {missionValues.map((value, index) => {
              const Icon = valueIcons[index % valueIcons.length]!;
              return (
                <div className="card" key={value.title}>
                  <span className="card-icon" aria-hidden="true">
                    <Icon />
                  </span>
                  <h3>{value.title}</h3>
                  <p>{value.text}</p>
                </div>
              );
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
