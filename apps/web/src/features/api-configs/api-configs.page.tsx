import { Badge, Code, Stack, Text } from '@mantine/core';
import type { ApiConfig, ApiConfigWithToken } from '@prosa/contracts';
import { IconKey, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn, RowAction } from '../../shared/crud/types';
import { notifyError } from '../../shared/errors/toast-error';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { ApiConfigFormModal } from './api-config-form-modal';
import { ApiTokenDialog } from './api-token-dialog';
import { curlExample, useApiConfigs, useDeleteApiConfig, useRenewApiToken, useSaveApiConfig } from './use-api-configs';

const rowAttrs = (c: ApiConfig) => ({ 'data-name': c.name });

function StatusBadge({ c }: { c: ApiConfig }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={c.active ? 'teal' : 'gray'}>
      {c.active ? t('apiConfigs.statusActive') : t('apiConfigs.statusInactive')}
    </Badge>
  );
}

const COLUMNS: CrudColumn<ApiConfig>[] = [
  { key: 'name', header: 'apiConfigs.name', render: (c) => <Text fw={600} size="sm">{c.name}</Text> },
  { key: 'channel', header: 'apiConfigs.channel', render: (c) => <Text size="sm">{c.channel?.name ?? '—'}</Text> },
  { key: 'token', header: 'apiConfigs.token', render: (c) => <Code>…{c.tokenLast4}</Code> },
  { key: 'status', header: 'apiConfigs.status', render: (c) => <StatusBadge c={c} /> },
  {
    key: 'example',
    header: 'apiConfigs.example',
    render: (c) => <ExampleCell c={c} />,
  },
];

function ExampleCell({ c }: { c: ApiConfig }) {
  const { t } = useTranslation();
  return (
    <Code block maw={420} style={{ fontSize: 11 }} data-testid="api-config-curl">
      {curlExample(c.id, t('apiConfigs.tokenPlaceholder'))}
    </Code>
  );
}

/** /configuracoes-api: the company's API configurations; tokens are shown once, after create or renew. */
export function ApiConfigsPage() {
  const { t } = useTranslation();
  const list = useApiConfigs();
  const remove = useDeleteApiConfig();
  const renew = useRenewApiToken();
  const save = useSaveApiConfig();
  const [shown, setShown] = useState<ApiConfigWithToken | null>(null);
  const [renewing, setRenewing] = useState<ApiConfig | null>(null);

  const toggle = (c: ApiConfig) =>
    save.mutate(
      { id: c.id, values: { name: c.name, channelId: c.channelId, statusUrl: c.statusUrl, active: !c.active } },
      {
        onSuccess: () => notifySuccess(t(c.active ? 'apiConfigs.deactivated' : 'apiConfigs.activated')),
        onError: (err) => notifyError(err),
      },
    );
  const actions: RowAction<ApiConfig>[] = [
    {
      key: 'renew',
      label: 'apiConfigs.renew',
      icon: <IconKey size={16} />,
      onClick: setRenewing,
      testId: 'api-config-renew',
      inMenu: true,
    },
    {
      key: 'toggle',
      label: (c) => (c.active ? 'apiConfigs.deactivate' : 'apiConfigs.activate'),
      icon: (c) => (c.active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />),
      onClick: toggle,
      testId: 'api-config-toggle',
      inMenu: true,
    },
  ];

  return (
    <Stack gap={0}>
      <ApiTokenDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        opened={!!renewing}
        title={t('apiConfigs.renewConfirmTitle')}
        message={t('apiConfigs.renewConfirm', { name: renewing?.name ?? '' })}
        confirmLabel={t('apiConfigs.renew')}
        loading={renew.isPending}
        onClose={() => setRenewing(null)}
        onConfirm={() =>
          renewing &&
          renew.mutate(renewing.id, {
            onSuccess: (answer) => {
              setRenewing(null);
              setShown(answer);
            },
            onError: (err) => notifyError(err),
          })
        }
      />
      <CrudPage
        testId="api-config"
        texts={{
          title: 'apiConfigs.title',
          subtitle: 'apiConfigs.subtitle',
          add: 'apiConfigs.add',
          deleteTitle: 'apiConfigs.deleteTitle',
          deleteConfirm: 'apiConfigs.deleteConfirm',
          deleted: 'apiConfigs.deleted',
        }}
        query={list}
        rows={list.data ?? []}
        columns={COLUMNS}
        rowAttrs={rowAttrs}
        actions={actions}
        deleteInMenu
        empty={{ title: t('apiConfigs.empty'), hint: t('apiConfigs.emptyHint') }}
        remove={remove}
        renderForm={(slot) => <ApiConfigFormModal {...slot} onCreated={setShown} />}
      />
    </Stack>
  );
}
