import { ActionIcon, Anchor, Badge, Button, FileButton, Group, Paper, Switch, Table, TextInput, Tooltip } from '@mantine/core';
import type { ChatFlowSummary as ChatFlow } from '@prosa/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy, IconDownload, IconPencil, IconPlus, IconSearch, IconSettings, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveBlob } from '../../../shared/api/upload';
import { toastError } from '../../../shared/errors/toast-error';
import { useErrorMessage } from '../../../shared/errors/use-error-message';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifyNotice, notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import {
  exportChatFlow,
  useChatFlowEvents,
  useChatFlows,
  useDeleteChatFlow,
  useDuplicateChatFlow,
  useImportChatFlow,
  useUpdateChatFlow,
} from '../api/use-chat-flows';
import { builderPath } from '../paths';
import { NewFlowModal } from './new-flow-modal';

/** /chat-flow: the company's flows, with search, import/export, duplicate and delete. */
export function ChatFlowsPage() {
  const { t } = useTranslation();
  const errors = useErrorMessage();
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 300);
  const list = useChatFlows(searched);
  useChatFlowEvents();
  const update = useUpdateChatFlow();
  const duplicate = useDuplicateChatFlow();
  const importFlow = useImportChatFlow();
  const remove = useDeleteChatFlow();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ChatFlow | null>(null);
  const [deleting, setDeleting] = useState<ChatFlow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const toggleActive = (flow: ChatFlow, isActive: boolean) =>
    update.mutate(
      { id: flow.id, values: { isActive } },
      { onSuccess: () => notifySuccess(t('chatbot.flows.updated')), onError: toastError },
    );

  const download = async (flow: ChatFlow) => {
    try {
      const body = await exportChatFlow(flow.id);
      const blob = new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' });
      saveBlob(blob, `${flow.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || `flow-${flow.id}`}.json`);
    } catch (err) {
      toastError(err);
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      notifyNotice('flow-import', t('chatbot.flows.importInvalid'), 'red');
      return;
    }
    importFlow.mutate(body, { onSuccess: () => notifySuccess(t('chatbot.flows.imported')), onError: toastError });
  };

  const closeDelete = () => {
    setDeleting(null);
    setDeleteError(null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('chatbot.flows.deleted'));
        closeDelete();
      },
      // ERR_AUTO_REPLY_RELATIONED_TICKET: the dialog stays open and says why.
      onError: (err) => setDeleteError(errors.message(err)),
    });
  };

  const actions = (
    <>
      <FileButton onChange={(f) => void upload(f)} accept="application/json,.json">
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconUpload size={16} />}
            loading={importFlow.isPending}
            data-testid="flow-import"
          >
            {t('chatbot.flows.import')}
          </Button>
        )}
      </FileButton>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="flow-add">
        {t('chatbot.flows.add')}
      </Button>
    </>
  );
  const shown = [...(list.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <PageHeader title={t('chatbot.flows.title')} subtitle={t('chatbot.flows.subtitle')} actions={actions} />
      <TextInput
        mb="md"
        maw={360}
        leftSection={<IconSearch size={16} />}
        placeholder={t('chatbot.flows.search')}
        aria-label={t('chatbot.flows.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="flow-search"
      />
      <Paper p={0}>
        {list.isPending ? (
          <LoadingBlock />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : shown.length === 0 ? (
          searched ? (
            <EmptyState title={t('chatbot.flows.noMatch')} />
          ) : (
            <EmptyState title={t('chatbot.flows.empty')} hint={t('chatbot.flows.emptyHint')} />
          )
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="flow-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('chatbot.flows.name')}</Table.Th>
                  <Table.Th w={90}>{t('chatbot.flows.steps')}</Table.Th>
                  <Table.Th w={120}>{t('chatbot.flows.active')}</Table.Th>
                  <Table.Th w={220} ta="right">
                    {t('common.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((flow) => (
                  <Table.Tr key={flow.id} className="prosa-table-row" data-testid="flow-row" data-name={flow.name}>
                    <Table.Td>
                      <Anchor component={Link} to={builderPath(flow.id)} fw={500} data-testid="flow-open-link">
                        {flow.name}
                      </Anchor>
                      {flow.availableForTransfer && (
                        <Badge ml="xs" size="xs" variant="light">
                          {t('chatbot.flows.availableForTransfer')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{flow.stepCount}</Table.Td>
                    <Table.Td>
                      <Switch
                        checked={flow.isActive}
                        onChange={(e) => toggleActive(flow, e.currentTarget.checked)}
                        aria-label={`${t('chatbot.flows.active')}: ${flow.name}`}
                        data-testid="flow-row-active"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <RowAction label={t('chatbot.flows.open')} name={flow.name} testId="flow-open" to={builderPath(flow.id)}>
                          <IconPencil size={18} />
                        </RowAction>
                        <RowAction label={t('common.edit')} name={flow.name} testId="flow-edit" onClick={() => setEditing(flow)}>
                          <IconSettings size={18} />
                        </RowAction>
                        <RowAction
                          label={t('chatbot.flows.duplicate')}
                          name={flow.name}
                          testId="flow-duplicate"
                          onClick={() =>
                            duplicate.mutate(flow.id, {
                              onSuccess: () => notifySuccess(t('chatbot.flows.duplicated')),
                              onError: toastError,
                            })
                          }
                        >
                          <IconCopy size={18} />
                        </RowAction>
                        <RowAction label={t('chatbot.flows.export')} name={flow.name} testId="flow-export" onClick={() => void download(flow)}>
                          <IconDownload size={18} />
                        </RowAction>
                        <RowAction label={t('common.delete')} name={flow.name} testId="flow-delete" color="red" onClick={() => setDeleting(flow)}>
                          <IconTrash size={18} />
                        </RowAction>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <NewFlowModal opened={creating} onClose={() => setCreating(false)} />
      <NewFlowModal opened={!!editing} flow={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('chatbot.flows.deleteTitle')}
        message={t('chatbot.flows.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </>
  );
}

interface RowActionProps {
  label: string;
  name: string;
  testId: string;
  color?: string;
  to?: string;
  onClick?: () => void;
  children: React.ReactNode;
}

function RowAction({ label, name, testId, color, to, onClick, children }: RowActionProps) {
  const common = { variant: 'subtle', color, 'aria-label': `${label} ${name}`, 'data-testid': testId } as const;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          {children}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          {children}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
