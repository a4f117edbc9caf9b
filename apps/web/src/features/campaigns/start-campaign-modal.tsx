import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { CAMPAIGN_MIN_LEAD_MINUTES, type Campaign } from '@prosa/contracts';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { notifySuccess } from '../../shared/ui/notify';
import { useStartCampaign } from './use-campaigns';

/** The stored start when it is still far enough ahead, else a minute past the least lead. */
export function defaultStart(stored: string | null, now = new Date()): Date {
  const least = now.getTime() + (CAMPAIGN_MIN_LEAD_MINUTES + 1) * 60_000;
  const at = stored ? Date.parse(stored) : NaN;
  return new Date(Number.isNaN(at) || at < least ? least : at);
}

/** Schedule (start) a campaign: the start date, at least 15 minutes ahead by the server's clock. */
export function StartCampaignModal({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  const start = useStartCampaign();
  const [at, setAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!campaign) return;
    setAt(defaultStart(campaign.startAt));
    setError(null);
  }, [campaign]);
  const submit = () => {
    if (!campaign) return;
    start.mutate(
      { id: campaign.id, startAt: at ? at.toISOString() : undefined },
      {
        onSuccess: () => {
          notifySuccess(t('campaigns.started'));
          onClose();
        },
        onError: (err) => setError(message(err)),
      },
    );
  };
  return (
    <Modal opened={!!campaign} onClose={onClose} title={t('campaigns.startTitle')} data-testid="campaign-start-modal">
      <Stack>
        <Text size="sm">{campaign?.name}</Text>
        <DateTimePicker
          label={t('campaigns.startAt')}
          description={t('campaigns.startHint')}
          valueFormat="DD/MM/YYYY HH:mm"
          minDate={dayjs().format('YYYY-MM-DD')}
          value={at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : null}
          onChange={(v) => setAt(v ? dayjs(v).toDate() : null)}
          data-testid="campaign-start-at"
        />
        {error && (
          <Alert color="red" data-testid="campaign-start-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={start.isPending} data-testid="campaign-start-confirm">
            {t('campaigns.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
