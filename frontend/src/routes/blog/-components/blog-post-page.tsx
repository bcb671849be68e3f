import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { blogPostQuery } from '../../../api/blog-post-queries';
import { ArticleNextSteps } from '../../../components/article-next-steps';
import { ArrowLeftIcon } from '../../../components/icons';
import { PostMeta } from '../../../components/post-card';
import { PostImage } from '../../../components/post-image';
import { useSiteConfig } from '../../../config/use-site-config';
import { LightMarkup } from '../../../markup/light-markup';

const route = getRouteApi('/blog/$postId');

export default function BlogPostPage() {
  const { postId } = route.useParams();
  const { data: post } = useSuspenseQuery(blogPostQuery(postId));
  const site = useSiteConfig();
  return (
    <article className="article-page">
      <header className="container narrow article-header">
        <Link to="/blog" className="back-link">
          <ArrowLeftIcon width={18} height={18} /> Back to Blog
        </Link>
        <div>
          <span className="badge">{post.category}</span>
        </div>
        <h1>{post.title}</h1>
        <p className="article-excerpt">
          <LightMarkup source={post.excerpt} siteUrl={site.siteUrl} />
        </p>
        <PostMeta post={post} />
      </header>
      <div className="container narrow">
        <PostImage src={post.image} alt={post.title} className="article-image" eager seed={post.id} />
        <div className="prose">
          <LightMarkup source={post.content} siteUrl={site.siteUrl} />
        </div>
        <ArticleNextSteps
          className="cta-band article-cta"
          title="Want to know what AI says about your brand?"
          text="Run the free AI Search Audit, or talk to our team about a plan for your category."
        />
      </div>
    </article>
  );
}
