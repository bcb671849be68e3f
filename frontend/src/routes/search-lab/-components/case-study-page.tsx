import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { searchLabEntryQuery } from '../../../api/search-lab-queries';
import { ArticleNextSteps } from '../../../components/article-next-steps';
import { ArrowLeftIcon, ChatIcon, ExternalIcon } from '../../../components/icons';
import { safeLinkHref } from '../../../markup/light-markup-parser';

const route = getRouteApi('/search-lab/$slug');

export default function CaseStudyPage() {
  const { slug } = route.useParams();
  const { data: entry } = useSuspenseQuery(searchLabEntryQuery(slug));
  const conversationUrl = safeLinkHref(entry.chatgptLink);
  return (
    <article className="article-page">
      <header className="container narrow article-header">
        <Link to="/search-lab" className="back-link">
          <ArrowLeftIcon width={18} height={18} /> Back to Search Lab
        </Link>
        <p className="eyebrow">Case Study • LLM Search Lab</p>
        <h1>{entry.title}</h1>
      </header>
      <div className="container narrow stack">
        <section className="card" aria-labelledby="overview-heading">
          <h2 id="overview-heading" className="h3-size">
            Overview
          </h2>
          <p className="case-summary">{entry.summary}</p>
        </section>
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
          text="Check it for free in a couple of minutes, or talk to us about your category."
        />
      </div>
    </article>
  );
}
