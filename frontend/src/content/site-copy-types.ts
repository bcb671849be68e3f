/** Shapes of the site's fixed marketing copy (frontend/src/content/*-copy.ts). */

export interface CallToAction {
  label: string;
  /** Internal path ('/contact') or absolute URL. */
  href: string;
}

export interface Stat {
  value: string;
  label: string;
}

export interface TextCard {
  title: string;
  text: string;
}

export interface ServiceOffer {
  id: string;
  title: string;
  summary: string;
  points: string[];
  cta: CallToAction;
}

export interface Pillar {
  number: number;
  title: string;
  /** One sentence for the overview page. */
  description: string;
  /** Bullet points for the detailed page. */
  details: string[];
  /** What the client receives from this pillar. */
  output: string;
}

export interface FaqItem {
  question: string;
  /** Plain text; blank lines separate paragraphs. */
  answer: string;
  /** The answer in demo mode, where it would be untrue there (where the tools' answers come from). */
  demoModeAnswer?: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  /** Empty for groups that exist but have no questions yet; the page leaves those out. */
  items: FaqItem[];
}

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface PageIntro {
  eyebrow?: string;
  title: string;
  lede: string;
}

export interface ToolCopy {
  path: string;
  name: string;
  /** Short description for cards, metadata and SoftwareApplication structured data. */
  description: string;
  intro: PageIntro;
  /** Short "how it works" steps shown on the tool page. */
  steps: string[];
}

/** Fixed head metadata for one static route (frontend/src/content/page-meta-copy.ts). */
export interface PageMetaCopy {
  /** At most 60 characters. */
  title: string;
  /** 110 to 160 characters. */
  description: string;
  keywords: string[];
  aiSummary: string;
  aiKeyFacts: string[];
}

/** Copy fields of the organisation JSON-LD record; name, url, logo and links come from config. */
export interface OrganisationFacts {
  alternateName: string;
  description: string;
  knowsAbout: string[];
  serviceTypes: string[];
}
