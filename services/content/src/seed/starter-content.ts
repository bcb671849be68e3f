/** Original starter content for a new site. Staff edit or replace it in /admin. */

export const STARTER_CATEGORIES = [
  { name: 'AI Search', description: 'How chat assistants and AI answers choose which brands to mention.' },
  { name: 'Amazon', description: 'Marketplace growth, listings, retail media and the Rufus shopping assistant.' },
  { name: 'eCommerce Strategy', description: 'Planning, measurement and priorities for consumer brands selling online.' },
];

export const STARTER_POSTS = [
  {
    title: 'Why AI Assistants Recommend Some Brands and Ignore Others',
    category: 'AI Search',
    excerpt: 'Language models do not rank pages; they assemble answers. Here is what decides whether your brand is part of that answer.',
    content: `When a shopper asks a chat assistant for "the best electrolyte powder for runners", no list of ten blue links comes back. The model writes an answer, and it names a handful of brands. **If you are not one of them, you are invisible for that question.**

Three things shape who gets named:
1. *Consistency of facts.* Models trust claims that appear the same way across many independent sources: your site, retailers, reviews and press.
2. *Clear category language.* A brand described in the words shoppers actually use is easier to match to a question.
3. *Citable evidence.* Comparisons, test results and expert commentary give a model something concrete to repeat.

The good news: each of these can be measured and improved. Start by asking the assistants yourself with our [free AI Search Audit](/ai-search-audit), then fix the gaps it shows.`,
    readTime: 6,
    published: true,
    datePosted: '2025-06-24T08:30:00Z',
  },
  {
    title: 'Query Fan-Out Explained: One Question, Dozens of Searches',
    category: 'AI Search',
    excerpt: 'AI search engines quietly expand every question into many related searches. Content that covers the fan-out wins the citation.',
    content: `Ask an AI search engine one question and, behind the scenes, it often runs many: reformulations, comparisons, related needs and the questions a shopper *did not type but probably meant*.

This is called **query fan-out**. It changes how content should be planned:
- Cover the comparative questions ("X vs Y", "is X worth it").
- Answer the implicit ones (price, safety, who it is for).
- Name the entities involved: ingredients, standards, retailers.

A page that answers only the head term competes for one slot. A page that answers the fan-out can be cited for many. Our [Semantic Expansion tool](/query-fan-out) generates the likely variations for a keyword and checks which ones your own site already answers.`,
    readTime: 5,
    published: true,
    datePosted: '2025-06-10T09:00:00Z',
  },
  {
    title: 'Getting Ready for Rufus: Amazon’s Shopping Assistant',
    category: 'Amazon',
    excerpt: 'Rufus answers shopper questions on the product page itself. Your listing content is now its source material.',
    content: `Amazon's shopping assistant, Rufus, answers questions like "is this safe for toddlers?" right on the product page. It draws on your title, bullets, A+ content, reviews and Q&A.

That makes a few old habits costly:
- **Keyword-stuffed bullets** read badly when quoted back to a shopper.
- Missing specifications lead to *"I could not find that information"*, which loses the sale.
- Unanswered questions in reviews become the assistant's answer.

Audit each hero listing against the questions shoppers really ask. Our [Amazon Rufus Radar](/amazon-rufus-radar) helps you see those questions, and the __one-off Amazon Account Review__ turns the findings into a prioritised fix list.`,
    readTime: 4,
    published: true,
    datePosted: '2025-05-27T10:15:00Z',
  },
  {
    title: 'Retail Media Without the Waste: Five Checks Before You Scale Spend',
    category: 'Amazon',
    excerpt: 'Before adding budget to sponsored ads, make sure the basics are not leaking money.',
    content: `Scaling retail media is easy; scaling it profitably is not. Before raising budgets, run these five checks:

1. **Listing readiness**: ads amplify conversion rate, good or bad.
2. **Search term hygiene**: negate the terms that spend without selling.
3. *Brand versus non-brand split*: defending your own name is cheap; growth lives elsewhere.
4. **Placement performance**: top of search and product pages behave differently.
5. *Incrementality*: measure what the ads add, not just what they touch.

Most accounts we review recover 10-20% of spend from the first two checks alone. If you want a second pair of eyes, [get in touch](/contact).`,
    readTime: 5,
    published: true,
    datePosted: '2025-05-13T08:00:00Z',
  },
  {
    title: 'Measuring AI Visibility: A Simple Scorecard for Brand Teams',
    category: 'eCommerce Strategy',
    excerpt: 'You cannot manage what you do not track. A lightweight monthly scorecard for how AI assistants talk about your brand.',
    content: `AI visibility is not one number, but a small scorecard goes a long way. Each month, track:

- **Mention rate**: across a fixed set of category questions, how often is your brand named?
- **Position**: first mention, or an afterthought?
- **Accuracy**: are price, ingredients and claims described *correctly*?
- **Sentiment**: recommended, neutral or warned against?

Use the same questions every month so changes mean something. Run them across ChatGPT, Claude, Gemini and Grok: they disagree more than you might expect. Our [AI Search Audit](/ai-search-audit) gives a quick first reading for free.`,
    readTime: 4,
    published: true,
    datePosted: '2025-04-29T09:30:00Z',
  },
  {
    title: 'From Listing to Language Model: Writing Product Copy That Travels',
    category: 'eCommerce Strategy',
    excerpt: 'Product copy now has two readers: shoppers and the AI systems that summarise you for them. Write for both.',
    content: `Your product copy is read by people and, increasingly, by models that summarise it for people. Copy that *travels* well between the two has a few traits:

- **Plain claims with proof**: "tested by an independent lab" beats "premium quality".
- __Consistent names__ for the product, range and key ingredients everywhere you sell.
- Short, factual sentences that still make sense when quoted on their own.

A practical exercise: paste your bullets into an assistant and ask it to describe the product to a sceptical shopper. Whatever it gets wrong is what to rewrite first.

Questions about your own range? [Email us](mailto:hello@example.com) or use the [contact form](/contact).`,
    readTime: 5,
    published: true,
    datePosted: '2025-04-15T08:45:00Z',
  },
  {
    title: 'Draft: Seasonal Planning for AI Search in Q4',
    category: 'eCommerce Strategy',
    excerpt: 'Notes for an upcoming guide on preparing content before the holiday peak.',
    content: `Working notes: **timeline**, *content refresh*, __gifting queries__, and a checklist to publish in September.`,
    readTime: 3,
    published: false,
    datePosted: '2025-07-01T09:00:00Z',
  },
];

function askChatGpt(question: string): string {
  return `https://chatgpt.com/?q=${encodeURIComponent(question)}`;
}

export const STARTER_SEARCH_LAB = [
  {
    title: 'Which Protein Bars Does ChatGPT Recommend for Busy Parents?',
    summary:
      'We asked ChatGPT a common family-shopping question and traced which brands it named, the reasons it gave, and the sources those reasons resemble. Brands with clear, consistent allergen and sugar information were named first.',
    chatgptLink: askChatGpt('What are the best protein bars for busy parents?'),
    published: true,
    displayOrder: 3,
  },
  {
    title: 'How an Assistant Compares Two Dog Food Brands',
    summary:
      'A head-to-head question between two pet food brands showed the model leaning on ingredient lists and vet commentary. The brand with published feeding trials was described with more confidence.',
    chatgptLink: askChatGpt('Which is better for a senior dog, grain-free or regular dog food brands?'),
    published: true,
    displayOrder: 2,
  },
  {
    title: 'Sunscreen Advice and the Brands Left Out',
    summary:
      'For a skincare safety question, the assistant named only brands with widely cited testing standards. Well-known brands without clear SPF testing information were missing from the answer.',
    chatgptLink: askChatGpt('What is the best mineral sunscreen for sensitive skin?'),
    published: true,
    displayOrder: 1,
  },
];

export const STARTER_VIDEOS = [
  {
    title: 'AI Search Audit in Five Minutes',
    description: 'A walkthrough of the free AI Search Audit: choosing a query, reading each model’s answer and the visibility score.',
    youtubeUrl: 'https://www.youtube.com/watch?v=aUdItDemo01',
    youtubeId: 'aUdItDemo01',
    published: true,
    displayOrder: 0,
  },
  {
    title: 'What Query Fan-Out Means for Your Content',
    description: 'How AI search expands one question into many, and how to plan pages that answer the whole set.',
    youtubeUrl: 'https://youtu.be/fAnOutVid02',
    youtubeId: 'fAnOutVid02',
    published: true,
    displayOrder: 1,
  },
  {
    title: 'Preparing Amazon Listings for Rufus',
    description: 'The listing fields Amazon’s shopping assistant reads, and quick fixes that help it answer shopper questions.',
    youtubeUrl: 'https://www.youtube.com/watch?v=rUfUsPrep03',
    youtubeId: 'rUfUsPrep03',
    published: true,
    displayOrder: 2,
  },
];
