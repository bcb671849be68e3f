import { Link } from '@tanstack/react-router';

/** The closing call to action under a blog post or case study. */
interface ArticleNextStepsProps {
  title: string;
  text: string;
  className?: string;
}

export function ArticleNextSteps({ title, text, className = 'cta-band' }: ArticleNextStepsProps) {
  return (
    <aside className={className} aria-label="Next steps">
      <h2>{title}</h2>
      <p>{text}</p>
      <div className="button-row">
        <Link to="/ai-search-audit" className="btn btn-primary">
          Free AI Search Audit
        </Link>
        <Link to="/contact" className="btn btn-on-dark">
          Get In Touch
        </Link>
      </div>
    </aside>
  );
}
