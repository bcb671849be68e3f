import { randomBytes } from 'node:crypto';
import { auditReportUrl } from '@agency/shared';

/** The stop link's bearer token: unguessable like a report id, kept with the tracked question. */
export function newManageToken(): string {
  return randomBytes(24).toString('base64url');
}

export function trackingConfirmUrl(siteUrl: string, reportId: string, token: string): string {
  return `${siteUrl}/api/llm-query/reports/${reportId}/tracking/confirm?token=${encodeURIComponent(token)}`;
}

export function trackingStopUrl(siteUrl: string, reportId: string, token: string): string {
  return `${siteUrl}/api/llm-query/reports/${reportId}/tracking/stop?token=${encodeURIComponent(token)}`;
}

export function trackedReportUrl(siteUrl: string, reportId: string): string {
  return `${siteUrl}${auditReportUrl(reportId)}`;
}
