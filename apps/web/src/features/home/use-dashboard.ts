import { ZDashboardQuery, type Dashboard, type UserChannel } from '@prosa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { toQuery, type DashboardFilterState } from './dashboard-period';

/** GET /dashboard for the filter; nothing is asked while the form's period is invalid. */
export function useDashboard(filter: DashboardFilterState) {
  const query = toQuery(filter);
  const valid = ZDashboardQuery.safeParse(query).success;
  return {
    valid,
    ...useQuery({
      queryKey: ['dashboard', query],
      enabled: valid,
      placeholderData: keepPreviousData,
      queryFn: () =>
        http.get<Dashboard>('/dashboard', {
          query: {
            from: query.from,
            to: query.to,
            queueIds: filter.queueIds.join(','),
            channelIds: filter.channelIds.join(','),
          },
        }),
    }),
  };
}

/** The channels for the filter: the ones the viewer works on (GET /user/channel/, any profile). */
export function useDashboardChannels() {
  return useQuery({ queryKey: ['dashboard-channels'], queryFn: () => http.get<UserChannel[]>('/user/channel/') });
}
