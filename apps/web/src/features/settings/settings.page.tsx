import { Divider, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { SettingKey } from '@prosa/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantPlan } from '../../shared/api/tenant-queries';
import { toastError } from '../../shared/errors/toast-error';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { AuditLogPanel } from './audit-log-panel';
import { SettingControl } from './setting-control';
import { SETTING_GROUPS, controlKind } from './setting-groups';
import { useSaveSetting, useSettings } from './use-settings';

/** Tenant settings, grouped; every change is saved at once (PUT /settings/{key}). */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const save = useSaveSetting();
  // A plan without groups keeps group messages ignored (the server refuses to take them in).
  const plan = useTenantPlan().data?.plan;
  const lockedByPlan = (key: SettingKey) => key === 'ignoreGroupMsg' && plan?.group === false;
  const onSave = (key: SettingKey, value: string) =>
    save.mutate({ key, value }, { onSuccess: () => notifySuccess(t('settings.saved')), onError: toastError });

  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {settings.isPending ? (
        <LoadingBlock />
      ) : settings.isError ? (
        <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          {SETTING_GROUPS.map(({ group, keys }) => (
            <Paper key={group} p="lg" data-testid={`settings-group-${group}`}>
              <Title order={4} mb="md">
                {t(`settings.groups.${group}`)}
              </Title>
              <Stack gap="sm">
                {keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 && controlKind(key) === 'toggle' && controlKind(keys[i - 1] ?? key) === 'toggle' && (
                      <Divider />
                    )}
                    <SettingControl
                      settingKey={key}
                      value={settings.data[key]}
                      saving={save.isPending && save.variables?.key === key}
                      onSave={(value) => onSave(key, value)}
                      locked={lockedByPlan(key)}
                    />
                  </Fragment>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <AuditLogPanel />
    </>
  );
}
