import { ActionIcon, Alert, Badge, Code, CopyButton, Modal, Text, Tooltip } from '@mantine/core';
import type { Integration, IntegrationTestResult } from '@prosa/contracts';
import { IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn, RowAction } from '../../shared/crud/types';
import { toastError } from '../../shared/errors/toast-error';
import { IntegrationFormModal } from './integration-form-modal';
import { useDeleteIntegration, useIntegrations, useTestIntegration } from './use-integrations';

const rowAttrs = (i: Integration) => ({ 'data-name': i.name });

/** /integracoes: the company's queue integrations, a form per type, and a test button. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const list = useIntegrations();
  const remove = useDeleteIntegration();
  const test = useTestIntegration();
  const [answer, setAnswer] = useState<{ name: string; result: IntegrationTestResult } | null>(null);
  const columns = useMemo<CrudColumn<Integration>[]>(
    () => [
      { key: 'name', header: 'integrations.name', render: (i) => <Text fw={500}>{i.name}</Text> },
      { key: 'type', header: 'integrations.type', render: (i) => <Badge variant="light">{t(`integrations.types.${i.type}`)}</Badge> },
      { key: 'url', header: 'integrations.url', render: (i) => <Text size="sm" c="dimmed">{i.url}</Text> },
      {
        // N8N/webhook: the secret its posts are signed with, for the receiving workflow to check.
        key: 'signingSecret',
        header: 'integrations.signingSecret',
        render: (i) =>
          i.signingSecret ? (
            <CopyButton value={i.signingSecret}>
              {({ copied, copy }) => (
                <Tooltip label={i.signingSecret}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label={t('integrations.signingSecret')} data-testid="integration-copy-secret">
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          ) : null,
      },
    ],
    [t],
  );
  const actions = useMemo<RowAction<Integration>[]>(
    () => [
      {
        key: 'test',
        label: 'integrations.test',
        icon: <IconPlugConnected size={16} />,
        testId: 'integration-test',
        loading: (i) => test.isPending && test.variables === i.id,
        onClick: (i) => test.mutate(i.id, { onSuccess: (result) => setAnswer({ name: i.name, result }), onError: toastError }),
      },
    ],
    [test],
  );
  return (
    <>
      <CrudPage
        testId="integration"
        texts={{ title: 'integrations.title', add: 'integrations.add', deleteTitle: 'integrations.deleteTitle', deleteConfirm: 'integrations.deleteConfirm', deleted: 'integrations.deleted' }}
        query={list}
        rows={list.data ?? []}
        columns={columns}
        rowAttrs={rowAttrs}
        actions={actions}
        minWidth={480}
        empty={{ title: t('integrations.empty') }}
        remove={remove}
        renderForm={(slot) => <IntegrationFormModal {...slot} />}
      />
      <Modal opened={answer !== null} onClose={() => setAnswer(null)} title={answer?.name} data-testid="integration-test-result">
        {answer && (
          <Alert color={answer.result.ok ? 'teal' : 'red'} title={t(answer.result.ok ? 'integrations.testOk' : 'integrations.testFailed')}>
            <Code block>{[answer.result.status ?? '', answer.result.detail].filter(Boolean).join(' · ')}</Code>
          </Alert>
        )}
      </Modal>
    </>
  );
}
