import { SEARCH_LAB_POSITION_MIN, VIDEO_DISPLAY_ORDER_MIN } from '@agency/shared';

/**
 * The order fields of the admin forms: a search lab position is a whole number from 1, a video's
 * display order a whole number from 0; anything else (empty, text, too small) is sent as 0.
 */
function wholeNumberFrom(min: number, value: string): number {
  const number = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(number) && number >= min ? number : 0;
}

export const caseStudyPosition = (value: string): number => wholeNumberFrom(SEARCH_LAB_POSITION_MIN, value);
export const videoDisplayOrder = (value: string): number => wholeNumberFrom(VIDEO_DISPLAY_ORDER_MIN, value);

export interface CaseStudyInput {
  title: string;
  summary: string;
  chatgptLink: string;
  published: boolean;
  displayOrder: number;
  metaTitle?: string | null;
  metaDescription?: string | null;
  challenge?: string | null;
  whatChanged?: string | null;
  result?: string | null;
  caseDate?: string | null;
}

export interface YoutubeVideoInput {
  title: string;
  description: string;
  youtubeUrl: string;
  published: boolean;
  displayOrder: number;
}
