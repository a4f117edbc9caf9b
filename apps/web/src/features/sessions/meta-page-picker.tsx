import { Button, Group, PasswordInput, Select, Stack } from '@mantine/core';
import type { MetaPage } from '@prosa/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { http } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import type { ChannelFormValues } from './channel-form';

/**
 * SPEC §5 "Hub selection": the admin pastes a Facebook user token, Prosa lists the pages it
 * manages (with their Instagram accounts) and the pick fills the page token and ids. The user
 * token itself is never stored.
 */
export function MetaPagePicker({ form }: { form: UseFormReturn<ChannelFormValues> }) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  const type = form.watch('type');
  const [userToken, setUserToken] = useState('');
  const pages = useMutation({
    mutationFn: () => http.post<MetaPage[]>('/channels/meta/pages', { userAccessToken: userToken }),
  });
  const usable = (pages.data ?? []).filter((p) => type !== 'instagram' || p.igUserId);
  const pick = (pageId: string | null) => {
    const p = usable.find((x) => x.pageId === pageId);
    if (!p) return;
    const opts = { shouldDirty: true, shouldValidate: true };
    form.setValue('token', p.pageAccessToken, opts);
    form.setValue('config.pageId', p.pageId, opts);
    form.setValue('config.pageName', p.pageName, opts);
    if (type === 'instagram') {
      form.setValue('config.igUserId', p.igUserId ?? '', opts);
      form.setValue('config.igUsername', p.igUsername ?? '', opts);
    }
  };
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <PasswordInput
          style={{ flex: 1 }}
          label={t('channels.form.metaUserToken')}
          description={t('channels.form.metaUserTokenHint')}
          autoComplete="off"
          value={userToken}
          onChange={(e) => setUserToken(e.currentTarget.value)}
          error={pages.error ? message(pages.error) : undefined}
          data-testid="channel-meta-user-token"
        />
        <Button
          variant="light"
          loading={pages.isPending}
          disabled={!userToken.trim()}
          onClick={() => pages.mutate()}
          data-testid="channel-meta-load-pages"
        >
          {t('channels.form.metaLoadPages')}
        </Button>
      </Group>
      {pages.isSuccess && (
        <Select
          label={t(type === 'instagram' ? 'channels.form.metaPickAccount' : 'channels.form.metaPickPage')}
          placeholder={usable.length ? undefined : t('channels.form.metaNoPages')}
          data={usable.map((p) => ({
            value: p.pageId,
            label: type === 'instagram' && p.igUsername ? `@${p.igUsername} (${p.pageName})` : p.pageName,
          }))}
          onChange={pick}
          data-testid="channel-meta-page"
        />
      )}
    </Stack>
  );
}
