import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { caseStudiesQuery } from '../../../api/case-study-queries';
import { renderPage } from '../../../test-support/render-page';
import SearchLabListPage from './search-lab-list-page';

describe('SearchLabListPage', () => {
  afterEach(cleanup);

  it('says so when there are no case studies', async () => {
    await renderPage(SearchLabListPage, [[caseStudiesQuery().queryKey, []]]);
    expect(screen.getByText('No case studies available at the moment. Check back soon for new insights!')).toBeTruthy();
  });

  it('shows a skeleton while the case studies load', async () => {
    await renderPage(SearchLabListPage);
    expect(screen.getByLabelText('Loading case studies')).toBeTruthy();
  });
});
