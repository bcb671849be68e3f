import type { SearchLabEntry } from '@agency/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { caseStudyPreviewQuery } from '../../../api/preview-queries';
import { caseStudyQuery } from '../../../api/case-study-queries';
import { ArticleNextSteps } from '../../../components/article-next-steps';
import { ArrowLeftIcon, ChatIcon, ExternalIcon } from '../../../components/icons';
import { PreviewBanner, PreviewNotice } from '../../../components/preview-banner';
import { formatLongDate } from '../../../format/date-format';
import { LightMarkup } from '../../../markup/light-markup';
import { safeLinkHref } from '../../../markup/light-markup-parser';
import { AUDIT_DURATION } from '../../../content/tools-copy';

const route = getRouteApi('/search-lab/$slug');

export default function CaseStudyPage() {
  const { slug } = route.useParams();
  const { preview } = route.useSearch();
  return preview ? <CaseStudyPreview slug={slug} /> : <PublishedCaseStudy slug={slug} />;
}

function PublishedCaseStudy({ slug }: { slug: string }) {
  const { data: entry } = useSuspenseQuery(caseStudyQuery(slug));
  return <CaseStudyArticle entry={entry} />;
}

function CaseStudyPreview({ slug }: { slug: string }) {
  const { data: entry, isPending, isError } = useQuery(caseStudyPreviewQuery(slug));
  if (isPending) return <PreviewNotice signedOut={false} />;
  if (isError || !entry) return <PreviewNotice signedOut />;
  return (
    <>
      <PreviewBanner published={entry.published} />
      <CaseStudyArticle entry={entry} />
    </>
  );
}

/** The optional sections, in reading order; each appears only when filled. */
const SECTIONS = [
  { field: 'challenge', heading: 'The challenge' },
  { field: 'whatChanged', heading: 'What changed' },
  { field: 'result', heading: 'The result' },
] as const;

type CaseStudyView = Pick<SearchLabEntry, 'title' | 'summary' | 'chatgptLink' | 'challenge' | 'whatChanged' | 'result' | 'caseDate'>;

/** The case study as visitors read it; the editor's live preview shows the same. */
export function CaseStudyArticle({ entry }: { entry: CaseStudyView }) {
  const conversationUrl = safeLinkHref(entry.chatgptLink);
  return (
    <article className="article-page">
      <header className="container narrow article-header">
        <Link to="/search-lab" className="back-link">
          <ArrowLeftIcon width={18} height={18} /> Back to Search Lab
        </Link>
        <p className="eyebrow">Case Study • LLM Search Lab</p>
        <h1>{entry.title}</h1>
        {entry.caseDate ? (
          <p className="case-date">
            <time dateTime={entry.caseDate}>{formatLongDate(`${entry.caseDate}T12:00:00Z`)}</time>
          </p>
        ) : null}
      </header>
      <div className="container narrow stack">
        <section className="card" aria-labelledby="overview-heading">
          <h2 id="overview-heading" className="h3-size">
            Overview
          </h2>
          <p className="case-summary">{entry.summary}</p>
        </section>
        {SECTIONS.map(({ field, heading }) => {
          const text = entry[field];
          if (!text) return null;
          return (
            <section key={field} className={`card case-section case-${field}`} aria-labelledby={`${field}-heading`}>
              <h2 id={`${field}-heading`} className="h3-size">
                {heading}
              </h2>
              <div className="prose">
                <LightMarkup source={text} />
              </div>
            </section>
          );
        })}
        {conversationUrl ? (
          <section className="card conversation-box" aria-labelledby="conversation-heading">
            <span className="card-icon" aria-hidden="true">
              <ChatIcon />
            </span>
            <h2 id="conversation-heading" className="h3-size">
              See the conversation
            </h2>
            <p>Open the original ChatGPT conversation to read the full answer and the brands it named.</p>
            <div>
              <a className="btn btn-primary" href={conversationUrl} target="_blank" rel="noopener noreferrer">
                Open ChatGPT Conversation <ExternalIcon width={16} height={16} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </div>
          </section>
        ) : null}
        <ArticleNextSteps
          title="How visible is your brand in AI answers?"
          text={`Check it for free in ${AUDIT_DURATION}, or talk to us about your category.`}
        />
      </div>
    </article>
  );
}
