import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { listPath } from '../../../../api/admin-queries';
import { adminDownload } from '../../../../api/admin-session';
import { DownloadIcon } from './admin-icons';
import { errorToast, serverText } from './admin-resource';
import type { ListControls } from './use-list-controls';

export interface ListFilter {
  name: string;
  label: string;
  /** [value, label]; the first is usually ['', 'All']. */
  options: [string, string][];
}

interface ListToolbarProps {
  controls: ListControls;
  searchLabel: string;
  searchPlaceholder?: string;
  filters?: ListFilter[];
  /** From and to days (the records' dates). */
  dateRange?: boolean;
  sorts?: [string, string][];
  /** The tab's CSV export, given the same search and filters as the list. */
  exportCsv?: { path: string; fileName: string; label: string };
}

/** Search (as you type), filters, sort and export above a tab's list. */
export function ListToolbar({ controls, searchLabel, searchPlaceholder, filters = [], dateRange, sorts, exportCsv }: ListToolbarProps) {
  const id = useId();
  const download = useMutation({
    mutationFn: () => adminDownload(listPath(exportCsv!.path, controls.exportParams), exportCsv!.fileName),
    onError: (error) => errorToast(`Failed to export: ${serverText(error)}`),
  });
  return (
    <div className="admin-toolbar" role="search" aria-label="Search and filters">
      <div className="admin-toolbar-field admin-toolbar-search">
        <label htmlFor={`${id}-q`}>{searchLabel}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={controls.searchText}
          placeholder={searchPlaceholder}
          maxLength={200}
          onChange={(event) => controls.setSearchText(event.target.value)}
        />
      </div>
      {filters.map((filter) => (
        <div key={filter.name} className="admin-toolbar-field">
          <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
          <select id={`${id}-${filter.name}`} value={controls.filters[filter.name] ?? ''} onChange={(event) => controls.setFilter(filter.name, event.target.value)}>
            {filter.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {dateRange ? (
        <>
          <div className="admin-toolbar-field">
            <label htmlFor={`${id}-from`}>From</label>
            <input id={`${id}-from`} type="date" value={controls.filters.from ?? ''} onChange={(event) => controls.setFilter('from', event.target.value)} />
          </div>
          <div className="admin-toolbar-field">
            <label htmlFor={`${id}-to`}>To</label>
            <input id={`${id}-to`} type="date" value={controls.filters.to ?? ''} onChange={(event) => controls.setFilter('to', event.target.value)} />
          </div>
        </>
      ) : null}
      {sorts ? (
        <div className="admin-toolbar-field">
          <label htmlFor={`${id}-sort`}>Sort</label>
          <select id={`${id}-sort`} value={controls.sort || sorts[0]![0]} onChange={(event) => controls.setSort(event.target.value)}>
            {sorts.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {exportCsv ? (
        <button type="button" className="btn btn-secondary btn-small admin-toolbar-export" onClick={() => download.mutate()} disabled={download.isPending}>
          <DownloadIcon /> {download.isPending ? 'Exporting...' : exportCsv.label}
        </button>
      ) : null}
    </div>
  );
}
