/** Business constants and field limits shared by the frontend and every service. */

export const PRODUCT_NAME = 'Agentic Agency';

export const HOME_LATEST_POSTS = 3;
export const ADMIN_RESPONSE_PREVIEW_CHARS = 150;
export const DEFAULT_READ_TIME_MINUTES = 5;
export const MAX_READ_TIME_MINUTES = 600;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export const SEARCH_LAB_POSITION_MIN = 1;
export const SEARCH_LAB_POSITION_DEFAULT = 1;
export const VIDEO_DISPLAY_ORDER_MIN = 0;
export const VIDEO_DISPLAY_ORDER_DEFAULT = 0;
/** Upper bound for displayOrder values: keeps them inside a Postgres integer. */
export const DISPLAY_ORDER_MAX = 1_000_000;

export const TEXT_LIMITS = {
  personName: 200,
  email: 254,
  company: 200,
  contactMessage: 5000,
  title: 200,
  excerpt: 1000,
  postContent: 100_000,
  categoryName: 80,
  categoryDescription: 500,
  url: 2048,
  summary: 5000,
  videoDescription: 5000,
  imageAlt: 300,
  /** Search engines show about this many characters of a title and a description. */
  metaTitle: 60,
  metaDescription: 155,
  caseStudySection: 5000,
} as const;

/**
 * The email rule of every form (text, @, text, dot, text), where "text" excludes whitespace,
 * a second @ and the characters that cannot appear unquoted in an address.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= TEXT_LIMITS.email && EMAIL_PATTERN.test(value);
}

/** Admin form hints; the content service sorts the public lists the same way. */
export const SEARCH_LAB_POSITION_HINT = 'Higher numbers appear at the top of the public page; position 1 at the bottom.';
export const VIDEO_DISPLAY_ORDER_HINT = 'Lower numbers appear first; 0 is the top. Videos with the same number show newest first.';

/** Input caps for the free tools (model cost and prompt size). */
export const TOOL_TEXT_LIMITS = {
  query: 500,
  brand: 100,
  model: 64,
  keyword: 200,
  website: 2048,
} as const;

/** The model name an audit records when the request names none. */
export const DEFAULT_AUDIT_MODEL = 'gpt-4o';

/**
 * The contact and newsletter forms' hidden field: people never see it, form-filling robots fill
 * it in, and a post with it filled is refused (400) and stores nothing.
 */
export const HONEYPOT_FIELD = 'homepage';
export const HONEYPOT_REFUSAL = 'This form looks as if a program filled it in, so it was not sent. If you are a person, please reload the page and try again.';
