import type { ListControls } from './use-list-controls';

const count = (value: number) => value.toLocaleString('en-GB');

/** "Showing 26–50 of 10,000" with Previous and Next; hidden while everything fits on one page. */
export function ListPager({ controls, total }: { controls: ListControls; total: number }) {
  const { page, pageSize, setPage } = controls;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="admin-pager" aria-label="Pages">
      <p aria-live="polite">
        Showing {count(first)}–{count(last)} of {count(total)}
      </p>
      {pages > 1 ? (
        <div className="admin-pager-buttons">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setPage(page - 1)} disabled={page === 0}>
            Previous
          </button>
          <span>
            Page {count(page + 1)} of {count(pages)}
          </span>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setPage(page + 1)} disabled={page + 1 >= pages}>
            Next
          </button>
        </div>
      ) : null}
    </nav>
  );
}
