import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { Reseller, ResellerTokenCreated } from '@prosa/contracts';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { formatDateTime } from '../../shared/format/date';
import { CopyField } from '../../shared/ui/copy-field';
import { notifySuccess } from '../../shared/ui/notify';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { useCreateResellerToken, useResellerTokens, useRevokeResellerToken } from './use-resellers';

/** The sign-up link that fills the token in (the navigation guard lets `setup-token` through). */
const signupLink = (token: string) =>
  `${window.location.origin}${window.location.pathname}#/signup?setup-token=${encodeURIComponent(token)}`;

/**
 * A reseller's setup tokens: make one (shown once, with its sign-up link, to copy now), see the
 * list by their last 4 characters, revoke one.
 */
export function ResellerTokensModal({ reseller, onClose }: { reseller: Reseller | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = reseller?.id ?? 0;
  const tokens = useResellerTokens(reseller ? reseller.id : null);
  const create = useCreateResellerToken(id);
  const revoke = useRevokeResellerToken(id);
  const [fresh, setFresh] = useState<ResellerTokenCreated | null>(null);
  const close = () => {
    setFresh(null);
    onClose();
  };

  return (
    <Modal
      opened={reseller !== null}
      onClose={close}
      title={t('resellers.tokensTitle', { name: reseller?.name ?? '' })}
      size="lg"
    >
      <Stack data-testid="reseller-tokens">
        <Text size="sm" c="dimmed">
          {t('resellers.tokensHint')}
        </Text>
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} />}
            loading={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: setFresh, onError: toastError })}
            data-testid="reseller-token-new"
          >
            {t('resellers.newToken')}
          </Button>
        </Group>
        {fresh && (
          <Alert color="teal" variant="light" icon={<IconKey size={18} />} title={t('resellers.newTokenShown')}>
            <Stack gap="xs">
              <CopyField
                label={t('resellers.token')}
                value={fresh.token}
                copyText={t('resellers.copy')}
                copiedText={t('resellers.copied')}
                testId="reseller-token-value"
              />
              <CopyField
                label={t('resellers.signupLink')}
                value={signupLink(fresh.token)}
                copyText={t('resellers.copy')}
                copiedText={t('resellers.copied')}
                testId="reseller-token-link"
              />
            </Stack>
          </Alert>
        )}
        {tokens.isPending ? (
          <LoadingBlock />
        ) : tokens.isError ? (
          <ErrorBlock error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('resellers.noTokens')}
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('resellers.token')}</Table.Th>
                <Table.Th>{t('resellers.createdAt')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((tk) => (
                <Table.Tr key={tk.id} data-testid="reseller-token-row" data-hint={tk.hint}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {t('resellers.tokenEnding', { hint: tk.hint })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(tk.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={tk.revokedAt ? 'gray' : 'teal'} data-testid="reseller-token-status">
                      {tk.revokedAt ? t('resellers.revoked') : t('resellers.active')}
                    </Badge>
                  </Table.Td>
                  <Table.Td align="right">
                    {!tk.revokedAt && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={revoke.isPending && revoke.variables === tk.id}
                        onClick={() =>
                          revoke.mutate(tk.id, {
                            onSuccess: () => notifySuccess(t('resellers.revokedDone')),
                            onError: toastError,
                          })
                        }
                        data-testid="reseller-token-revoke"
                      >
                        {t('resellers.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
