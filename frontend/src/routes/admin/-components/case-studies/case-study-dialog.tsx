import { SEARCH_LAB_POSITION_DEFAULT, SEARCH_LAB_POSITION_HINT, SEARCH_LAB_POSITION_MIN, type SearchLabEntry } from '@agency/shared';
import { caseStudyResource } from '../shared/content-resources';
import type { ItemDialogProps } from '../shared/crud-panel';
import { OrderedContentDialog } from '../ordered-content/ordered-content-dialog';
import { caseStudyPosition, type CaseStudyInput } from '../ordered-content/ordered-content-form';

export function CaseStudyDialog({ item, onClose }: ItemDialogProps<SearchLabEntry>) {
  return (
    <OrderedContentDialog<CaseStudyInput>
      formId="search-lab"
      heading={item ? 'Edit Search Lab Entry' : 'Create New Search Lab Entry'}
      submitLabel={item ? 'Update' : 'Create'}
      resource={caseStudyResource}
      itemId={item?.id}
      initial={{
        title: item?.title ?? '',
        text: item?.summary ?? '',
        link: item?.chatgptLink ?? '',
        order: String(item?.displayOrder ?? SEARCH_LAB_POSITION_DEFAULT),
        published: item?.published ?? false,
      }}
      labels={{ text: 'Summary', link: 'ChatGPT Link', linkPlaceholder: 'https://chatgpt.com/share/…', order: 'Position Number', orderHint: SEARCH_LAB_POSITION_HINT }}
      orderMin={SEARCH_LAB_POSITION_MIN}
      toInput={(fields) => ({
        title: fields.title.trim(),
        summary: fields.text.trim(),
        chatgptLink: fields.link.trim(),
        published: fields.published,
        displayOrder: caseStudyPosition(fields.order),
        // The full editor's own fields ride along unchanged, so a quick edit here never clears them.
        metaTitle: item?.metaTitle ?? null,
        metaDescription: item?.metaDescription ?? null,
        challenge: item?.challenge ?? null,
        whatChanged: item?.whatChanged ?? null,
        result: item?.result ?? null,
        caseDate: item?.caseDate ?? null,
      })}
      onClose={onClose}
    />
  );
}
