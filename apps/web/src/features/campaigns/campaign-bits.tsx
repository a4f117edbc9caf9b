import { Alert, Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import {
  CAMPAIGN_CONTACT_STATUSES,
  type Campaign,
  type CampaignContactStatus,
  type CampaignStatus,
} from '@prosa/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { progressOf } from './campaign-preview';

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  pending: 'gray',
  scheduled: 'blue',
  processing: 'orange',
  cancelled: 'red',
  finished: 'teal',
};

export const STATE_COLORS: Record<CampaignContactStatus, string> = {
  'send-pending': '#868e96',
  'delivery-pending': '#228be6',
  received: '#15aabf',
  read: '#12b886',
  played: '#40c057',
  error: '#fa5252',
  skipped: '#fab005',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-testid="campaign-status" data-status={status}>
      {t(`campaigns.statuses.${status}`)}
    </Badge>
  );
}

/** Sent of total as a bar, with the figure beside it (journeys read `data-progress`). */
export function CampaignProgress({ campaign }: { campaign: Pick<Campaign, 'counts' | 'total'> }) {
  const { t } = useTranslation();
  const pct = progressOf(campaign.counts, campaign.total);
  const done = campaign.total - campaign.counts['send-pending'];
  return (
    <Stack gap={2} miw={120} data-testid="campaign-progress" data-progress={pct}>
      <Progress value={pct} size="sm" aria-label={t('campaigns.progress')} />
      <Text size="xs" c="dimmed">
        {done}/{campaign.total} ({pct}%)
      </Text>
    </Stack>
  );
}

/** The delivery counts that are not zero, one small badge per state. */
export function CampaignCounts({ counts }: { counts: Campaign['counts'] }) {
  const { t } = useTranslation();
  const shown = CAMPAIGN_CONTACT_STATUSES.filter((s) => counts[s] > 0);
  return (
    <Group gap={4} data-testid="campaign-counts">
      {shown.map((s) => (
        <Tooltip key={s} label={t(`campaigns.states.${s}`)}>
          <Badge size="sm" variant="dot" color={STATE_COLORS[s]} data-state={s}>
            {t(`campaigns.states.${s}`)}: {counts[s]}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/**
 * SPEC §9: more than 2% failed, blocked or opted out; the notice says so, with how many blocked or
 * opted out, and the cancel at hand (`action`).
 */
export function RiskNotice({ action, optedOut = 0 }: { action?: ReactNode; optedOut?: number }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" p={6} icon={<IconAlertTriangle size={16} />} data-testid="campaign-risk">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Stack gap={0}>
          <Text size="xs">{t('campaigns.risk')}</Text>
          {optedOut > 0 && (
            <Text size="xs" fw={600} data-testid="campaign-opted-out">
              {t('campaigns.optedOut', { count: optedOut })}
            </Text>
          )}
        </Stack>
        {action}
      </Group>
    </Alert>
  );
}
