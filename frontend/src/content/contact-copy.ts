import { PRODUCT_NAME } from '@agency/shared';
import type { PageIntro, TextCard } from './site-copy-types';

export const contactIntro: PageIntro = {
  eyebrow: 'Contact',
  title: "Let's talk about your brand",
  lede:
    'Tell us where you sell, what you want to grow and what is getting in the way. A member of our team will ' +
    'read your message and reply personally.',
};

export const contactOffer: TextCard = {
  title: 'Free 7-day full tracking audit',
  text:
    `Ask for it in your message and ${PRODUCT_NAME} will track your brand across the leading AI models for ` +
    'seven days, then share what they say about you, which competitors they recommend instead and the first ' +
    'fixes we would make. No cost and no commitment.',
};

export const contactDetailsIntro =
  'Prefer email? Write to us directly and we will get back to you. We work with consumer brands across the UK and worldwide.';
