import { HOME_LATEST_POSTS } from '@agency/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { blogPostsQuery } from '../../../api/blog-post-queries';
import { CtaBand } from '../../../components/cta-band';
import { CtaLink } from '../../../components/cta-link';
import { ArrowRightIcon, ChatIcon, CheckIcon, SparkIcon } from '../../../components/icons';
import { IconCard } from '../../../components/icon-card';
import { PostCard, PostCardSkeleton } from '../../../components/post-card';
import { SectionHead } from '../../../components/section-head';
import { StatsStrip } from '../../../components/stats-strip';
import { benefits, categoryChips, credentials, homeHero, homeServiceCards, latestInsightsIntro } from '../../../content/home-copy';
import { servicesClosing } from '../../../content/services-copy';
import { AnswerPreview } from './answer-preview';

function LatestInsights() {
  const posts = useQuery(blogPostsQuery());
  return (
    <section className="section" aria-labelledby="latest-insights">
      <div className="container">
        <SectionHead
          id="latest-insights"
          title={latestInsightsIntro.title}
          eyebrow={latestInsightsIntro.eyebrow}
          lede={latestInsightsIntro.lede}
        />
        {posts.isPending ? (
          <div className="grid grid-3" aria-busy="true" aria-label="Loading articles">
            {Array.from({ length: HOME_LATEST_POSTS }, (_, index) => (
              <PostCardSkeleton key={index} />
            ))}
          </div>
        ) : posts.data && posts.data.length > 0 ? (
          <div className="grid grid-3">
            {posts.data.slice(0, HOME_LATEST_POSTS).map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        ) : (
          <p className="empty-state">New articles are on their way. Check back soon.</p>
        )}
        <div className="button-row">
          <Link to="/blog" className="btn btn-secondary">
            View All Articles <ArrowRightIcon width={18} height={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="container hero-grid">
          <div>
            {homeHero.eyebrow ? (
              <p className="eyebrow">
                <SparkIcon width={16} height={16} /> {homeHero.eyebrow}
              </p>
            ) : null}
            <h1>{homeHero.title}</h1>
            <p className="lede">{homeHero.lede}</p>
            <div className="button-row">
              <CtaLink cta={homeHero.primaryCta} className="btn btn-primary">
                <ArrowRightIcon width={18} height={18} />
              </CtaLink>
              <CtaLink cta={homeHero.secondaryCta} className="btn btn-on-dark" />
            </div>
          </div>
          <AnswerPreview />
        </div>
      </section>

      <section className="credentials" aria-label="Our track record">
        <div className="container">
          <StatsStrip stats={credentials} />
        </div>
      </section>

      <section className="chips-section" aria-labelledby="categories-heading">
        <div className="container center">
          <h2 id="categories-heading" className="eyebrow">
            Built for consumer brands in
          </h2>
          <ul className="chip-list center">
            {categoryChips.map((category) => (
              <li key={category} className="chip">
                <span className="chip-dot" aria-hidden="true" />
                {category}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-heading">
        <div className="container">
          <SectionHead
            id="benefits-heading"
            title="Visibility where the shortlist is made"
            eyebrow="Why brands work with us"
          />
          <div className="grid benefit-grid">
            {benefits.map((benefit) => (
              <IconCard key={benefit.title} icon={<CheckIcon />} title={benefit.title} text={benefit.text} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="services-heading">
        <div className="container">
          <SectionHead id="services-heading" title="Three services, one plan" eyebrow="What we do" />
          <div className="grid grid-3">
            {homeServiceCards.map((service, index) => (
              <article className="card card-hover" key={service.id}>
                <span className="card-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{service.title}</h3>
                <p>{service.summary}</p>
                <ul className="check-list">
                  {service.points.map((point) => (
                    <li key={point}>
                      <CheckIcon width={16} height={16} />
                      {point}
                    </li>
                  ))}
                </ul>
                <div className="card-footer">
                  <CtaLink cta={service.cta} className="text-link">
                    {' '}
                    <span className="visually-hidden">about {service.title}</span>
                    <ArrowRightIcon width={16} height={16} />
                  </CtaLink>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      <LatestInsights />

      <CtaBand title={servicesClosing.title} text={servicesClosing.lede}>
        <CtaLink cta={servicesClosing.primaryCta} className="btn btn-primary">
          <ChatIcon width={18} height={18} />
        </CtaLink>
        <CtaLink cta={servicesClosing.secondaryCta} className="btn btn-on-dark" />
      </CtaBand>
    </>
  );
}
