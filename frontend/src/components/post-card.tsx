import { Link } from '@tanstack/react-router';
import type { BlogPostSummary } from '../api/blog-post-queries';
import { formatLongDate, readTimeLabel } from '../format/date-format';
import { markupToPlainText } from '../markup/light-markup-parser';
import { CalendarIcon, ClockIcon } from './icons';
import { PostImage } from './post-image';

export function PostMeta({ post }: { post: Pick<BlogPostSummary, 'datePosted' | 'readTime'> }) {
  return (
    <div className="post-meta">
      <span>
        <CalendarIcon width={16} height={16} />
        <time dateTime={post.datePosted}>{formatLongDate(post.datePosted)}</time>
      </span>
      <span>
        <ClockIcon width={16} height={16} />
        {readTimeLabel(post.readTime)}
      </span>
    </div>
  );
}

/** A post in a list; the whole card links to it. `featured` is the wide card shown first under All. */
export function PostCard({ post, headingLevel = 3, featured = false }: { post: BlogPostSummary; headingLevel?: 2 | 3; featured?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={featured ? 'card card-hover post-card featured-post' : 'card card-hover post-card'}>
      <div className="post-card-media">
        <PostImage src={post.image} alt="" eager={featured} seed={post.id} />
      </div>
      <div className="post-card-body">
        <div>
          <span className="badge">{post.category}</span>
          {featured ? <span className="badge badge-accent">Featured</span> : null}
        </div>
        <Heading>
          <Link to="/blog/$postId" params={{ postId: post.slug }} className="post-card-link">
            {post.title}
          </Link>
        </Heading>
        <p className={featured ? undefined : 'clamp-3'}>{markupToPlainText(post.excerpt)}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div className="card post-card" aria-hidden="true">
      <span className="skeleton skeleton-media" />
      <div className="post-card-body">
        <span className="skeleton skeleton-line" style={{ width: '30%' }} />
        <span className="skeleton skeleton-title" />
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line" style={{ width: '70%' }} />
      </div>
    </div>
  );
}
