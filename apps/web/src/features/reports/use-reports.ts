import type { ContactReportFilter, ReportSlug, TicketReportFilter } from '@prosa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { saveBlob } from '../../shared/api/upload';

export const REPORT_PAGE_SIZE = 50;

/** A report's filter on the wire: lists comma-separated, empty ones left out. */
export type ReportWireQuery = Record<string, string | undefined>;

/** The contact reports' filter as a querystring. */
export function reportQuery(f: ContactReportFilter): ReportWireQuery {
  return {
    from: f.from,
    to: f.to,
    tagIds: f.tagIds.join(','),
    userIds: f.userIds.join(','),
    laneIds: f.laneIds.join(','),
    states: f.states.join(','),
  };
}

/** The ticket reports' filter as a querystring. */
export function ticketReportQuery(f: TicketReportFilter): ReportWireQuery {
  return {
    from: f.from,
    to: f.to,
    queueIds: f.queueIds.join(','),
    userIds: f.userIds.join(','),
    channelIds: f.channelIds.join(','),
    tagIds: f.tagIds.join(','),
  };
}

/** One page of a report; nothing is asked before the filter is run (`query` null). */
export function useReportPage<P>(slug: ReportSlug, query: ReportWireQuery | null, pageNumber: number) {
  return useQuery({
    queryKey: ['reports', slug, query, pageNumber],
    queryFn: () => http.get<P>(`/reports/${slug}`, { query: { ...query, pageNumber, pageSize: REPORT_PAGE_SIZE } }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The whole filtered report as a file, downloaded with the bearer token. */
export async function downloadReport(slug: ReportSlug, query: ReportWireQuery, format: 'csv' | 'xlsx') {
  const blob = await http.blob(`/reports/${slug}/export`, { query: { ...query, format }, timeoutMs: 300_000 });
  saveBlob(blob, `${slug}-${new Date().toISOString().slice(0, 10)}.${format}`);
}
