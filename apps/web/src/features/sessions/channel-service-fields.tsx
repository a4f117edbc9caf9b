import { NumberInput, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { CHANNEL_AUTO_CLOSE_TIMES, RATING_WAIT_MAX_MINUTES } from '@prosa/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QUEUES_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useAllUsers } from '../users/use-all-users';
import type { ChannelFormValues } from './channel-form';

interface Props {
  form: UseFormReturn<ChannelFormValues>;
  fieldError: (name: string) => string | undefined;
}

/** Where new conversations of the channel go, and what the channel says on its own. */
export function ChannelServiceFields({ form, fieldError }: Props) {
  const { t } = useTranslation();
  const queues = useColorItems(QUEUES_RESOURCE);
  const users = useAllUsers();
  const ratingEnabled = form.watch('ratingEnabled');
  const idSelect = (name: 'defaultQueueId' | 'defaultUserId', label: string, hint: string, data: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          description={hint}
          placeholder={t('channels.form.none')}
          data={data}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : null)}
          clearable
          searchable
          error={fieldError(name)}
          data-testid={`channel-${name}`}
        />
      )}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {idSelect(
          'defaultQueueId',
          t('channels.form.defaultQueue'),
          t('channels.form.defaultQueueHint'),
          (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name })),
        )}
        {idSelect(
          'defaultUserId',
          t('channels.form.defaultUser'),
          t('channels.form.defaultUserHint'),
          (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
        )}
      </SimpleGrid>
      <Textarea
        label={t('channels.form.greetingMessage')}
        autosize
        minRows={2}
        {...form.register('greetingMessage')}
        error={fieldError('greetingMessage')}
      />
      <Textarea
        label={t('channels.form.farewellMessage')}
        description={t('channels.form.farewellHint')}
        autosize
        minRows={2}
        {...form.register('farewellMessage')}
        error={fieldError('farewellMessage')}
        data-testid="channel-farewell"
      />
      <Controller
        control={form.control}
        name="autoCloseTime"
        render={({ field }) => (
          <Select
            label={t('channels.form.autoCloseTime')}
            description={t('channels.form.autoCloseHint')}
            data={CHANNEL_AUTO_CLOSE_TIMES.map((v) => ({
              value: v,
              label: v ? t(`settings.times.${v}`) : t('channels.form.autoCloseCompany'),
            }))}
            value={field.value}
            onChange={(v) => field.onChange(v ?? '')}
            allowDeselect={false}
            error={fieldError('autoCloseTime')}
            data-testid="channel-auto-close"
          />
        )}
      />
      <Controller
        control={form.control}
        name="ratingEnabled"
        render={({ field }) => (
          <Switch
            label={t('channels.form.ratingEnabled')}
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            data-testid="channel-rating-enabled"
          />
        )}
      />
      {ratingEnabled && (
        <>
          <Textarea
            label={t('channels.form.ratingMessage')}
            placeholder={t('channels.form.ratingPlaceholder')}
            autosize
            minRows={2}
            withAsterisk
            {...form.register('ratingMessage')}
            error={fieldError('ratingMessage')}
            data-testid="channel-rating-message"
          />
          <Controller
            control={form.control}
            name="ratingWaitMinutes"
            render={({ field }) => (
              <NumberInput
                label={t('serviceTexts.ratingWaitMinutes')}
                description={t('serviceTexts.ratingWaitHint')}
                min={1}
                max={RATING_WAIT_MAX_MINUTES}
                allowDecimal={false}
                value={field.value}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v) || 0)}
                error={fieldError('ratingWaitMinutes')}
                data-testid="channel-rating-wait"
              />
            )}
          />
          <Textarea
            label={t('serviceTexts.ratingThanksMessage')}
            placeholder={t('serviceTexts.ratingThanksPlaceholder')}
            autosize
            minRows={2}
            {...form.register('ratingThanksMessage')}
            error={fieldError('ratingThanksMessage')}
            data-testid="channel-rating-thanks"
          />
          <Textarea
            label={t('serviceTexts.ratingInvalidMessage')}
            description={t('serviceTexts.ratingInvalidHint')}
            placeholder={t('serviceTexts.ratingInvalidPlaceholder')}
            autosize
            minRows={2}
            {...form.register('ratingInvalidMessage')}
            error={fieldError('ratingInvalidMessage')}
            data-testid="channel-rating-invalid"
          />
        </>
      )}
    </Stack>
  );
}
