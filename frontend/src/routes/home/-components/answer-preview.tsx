import { ChatIcon } from '../../../components/icons';

/** Illustration: an AI assistant's answer naming the visitor's brand first. Decorative. */
export function AnswerPreview() {
  return (
    <div className="answer-card" aria-hidden="true">
      <div className="answer-question">
        <ChatIcon width={18} height={18} />
        <span>What's the best electrolyte powder for runners?</span>
      </div>
      <p className="answer-body">Based on reviews, ingredients and expert sources, these stand out:</p>
      <ol className="answer-list">
        <li className="is-you">
          <span className="answer-rank">1</span> Your Brand <span className="answer-tag">Recommended</span>
        </li>
        <li>
          <span className="answer-rank">2</span> Competitor A
        </li>
        <li>
          <span className="answer-rank">3</span> Competitor B
        </li>
      </ol>
      <div className="answer-models">
        <span>ChatGPT</span>
        <span>Claude</span>
        <span>Gemini</span>
        <span>Grok</span>
        <span>Rufus</span>
      </div>
    </div>
  );
}
