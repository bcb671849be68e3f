import { CRAWLER_LOG_PATH, type CrawlerLogAnswer } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client';

export interface CrawlerLogUpload {
  file: File;
  email: string;
  site: string;
}

/**
 * POST /api/crawler-logs as multipart/form-data, through XMLHttpRequest because fetch reports no
 * upload progress. The address and site go first, so the service refuses a bad form before the file.
 */
export function uploadCrawlerLog(upload: CrawlerLogUpload, onProgress: (fraction: number) => void): Promise<CrawlerLogAnswer> {
  const form = new FormData();
  form.append('email', upload.email);
  if (upload.site) form.append('site', upload.site);
  form.append('log', upload.file, upload.file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', CRAWLER_LOG_PATH);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 200 && body) {
        resolve(body as CrawlerLogAnswer);
        return;
      }
      const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : undefined;
      reject(new ApiError(request.status, `${request.status}: ${request.responseText.slice(0, 200)}`, message));
    };
    request.onerror = () => reject(new ApiError(0, 'The upload could not be sent.', undefined));
    request.send(form);
  });
}

/** A stored report by its unguessable id (the page's ?report= link). */
export const crawlerLogReportQuery = (reportId: string) =>
  queryOptions({
    queryKey: ['crawler-log-report', reportId],
    queryFn: () => apiGet<CrawlerLogAnswer>(`${CRAWLER_LOG_PATH}/reports/${encodeURIComponent(reportId)}`),
    retry: false,
  });

export const crawlerLogReportCsvPath = (reportId: string): string => `${CRAWLER_LOG_PATH}/reports/${encodeURIComponent(reportId)}.csv`;
