import { ActionIcon, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { AUTO_DISTRIBUTIONS, type ChatFlowKeyword } from '@prosa/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import { useChannels } from '../../sessions/use-channels';
import { useSaveSetting, useSettings } from '../../settings/use-settings';
import { useChatFlowEvents, useChatFlows } from '../api/use-chat-flows';
import { useDeleteKeyword, useKeywords, useSaveKeyword } from '../api/use-keywords';
import { KeywordFormModal } from './keyword-form-modal';
import { channelFlowId, useSetChannelFlow } from './use-channel-flow';

const DEFAULT = 'default';

/** /chatbot: which flow each channel runs, the company default, auto-distribution and keywords. */
export function ChatbotPage() {
  const { t } = useTranslation();
  const flows = useChatFlows();
  useChatFlowEvents();
  const channels = useChannels();
  const settings = useSettings();
  const saveSetting = useSaveSetting();
  const setChannelFlow = useSetChannelFlow();
  const flowOptions = (flows.data ?? []).map((f) => ({ value: String(f.id), label: f.name }));
  const channelOptions = (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  const saveKey = (key: 'botTicketActive' | 'botDistribution', value: string) =>
    saveSetting.mutate({ key, value }, { onSuccess: () => notifySuccess(t('chatbot.settings.saved')), onError: toastError });

  const failed = flows.error ?? channels.error ?? settings.error;
  if (failed) return <ErrorBlock error={failed} />;
  if (!flows.data || !channels.data || !settings.data) return <LoadingBlock />;

  return (
    <>
      <PageHeader title={t('chatbot.settings.title')} subtitle={t('chatbot.settings.subtitle')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper p="md">
            <Select
              label={t('chatbot.settings.defaultFlow')}
              description={t('chatbot.settings.defaultFlowHint')}
              placeholder={t('chatbot.settings.none')}
              data={flowOptions}
              clearable
              value={settings.data.botTicketActive || null}
              onChange={(v) => saveKey('botTicketActive', v ?? '')}
              data-testid="chatbot-default-flow"
            />
          </Paper>
          <Paper p="md">
            <Select
              label={t('chatbot.settings.distribution')}
              description={t('chatbot.settings.distributionHint')}
              data={AUTO_DISTRIBUTIONS.map((d) => ({ value: d, label: t(`chatbot.builder.distribution.${d}`) }))}
              allowDeselect={false}
              value={settings.data.botDistribution || 'N'}
              onChange={(v) => v && saveKey('botDistribution', v)}
              data-testid="chatbot-distribution"
            />
          </Paper>
        </SimpleGrid>
        <Paper p="md">
          <Title order={4} mb="sm">
            {t('chatbot.settings.channels')}
          </Title>
          {channels.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('chatbot.settings.noChannels')}
            </Text>
          ) : (
            <Table verticalSpacing="xs" data-testid="chatbot-channels">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('chatbot.settings.channel')}</Table.Th>
                  <Table.Th>{t('chatbot.settings.flow')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.data.map((channel) => (
                  <Table.Tr key={channel.id} data-testid="chatbot-channel-row" data-name={channel.name}>
                    <Table.Td>
                      {channel.name}{' '}
                      <Badge size="xs" variant="outline" color="gray">
                        {channel.type}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`${t('chatbot.settings.flow')}: ${channel.name}`}
                        data={[{ value: DEFAULT, label: t('chatbot.settings.channelDefault') }, ...flowOptions]}
                        allowDeselect={false}
                        value={String(channelFlowId(channel) ?? DEFAULT)}
                        disabled={setChannelFlow.isPending}
                        onChange={(v) =>
                          setChannelFlow.mutate(
                            { channel, chatFlowId: v && v !== DEFAULT ? Number(v) : null },
                            { onSuccess: () => notifySuccess(t('chatbot.settings.saved')), onError: toastError },
                          )
                        }
                        data-testid="chatbot-channel-flow"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Keywords flows={flowOptions} channels={channelOptions} />
      </Stack>
    </>
  );
}

function Keywords({ flows, channels }: { flows: { value: string; label: string }[]; channels: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const list = useKeywords();
  const save = useSaveKeyword();
  const remove = useDeleteKeyword();
  const [editing, setEditing] = useState<ChatFlowKeyword | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ChatFlowKeyword | null>(null);
  const name = (options: typeof flows, id: number | null, none: string) =>
    id === null ? none : (options.find((o) => o.value === String(id))?.label ?? `#${id}`);
  const open = (k: ChatFlowKeyword | null) => {
    setEditing(k);
    setFormOpen(true);
  };

  return (
    <Paper p="md">
      <Group justify="space-between" mb="sm">
        <Stack gap={2}>
          <Title order={4}>{t('chatbot.settings.keywords')}</Title>
          <Text size="sm" c="dimmed">
            {t('chatbot.settings.keywordsHint')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="keyword-add">
          {t('chatbot.settings.addKeyword')}
        </Button>
      </Group>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('chatbot.settings.keywordsEmpty')} />
      ) : (
        <Table verticalSpacing="xs" data-testid="keyword-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chatbot.settings.keyword')}</Table.Th>
              <Table.Th>{t('chatbot.settings.flow')}</Table.Th>
              <Table.Th>{t('chatbot.settings.channel')}</Table.Th>
              <Table.Th w={90}>{t('chatbot.settings.active')}</Table.Th>
              <Table.Th w={90} ta="right">
                {t('common.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((k) => (
              <Table.Tr key={k.id} data-testid="keyword-row" data-keyword={k.keyword}>
                <Table.Td>{k.keyword}</Table.Td>
                <Table.Td>{name(flows, k.chatFlowId, '')}</Table.Td>
                <Table.Td>{name(channels, k.channelId, t('chatbot.settings.allChannels'))}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={k.isActive}
                    aria-label={`${t('chatbot.settings.active')}: ${k.keyword}`}
                    onChange={(e) =>
                      save.mutate(
                        { id: k.id, values: { keyword: k.keyword, chatFlowId: k.chatFlowId, channelId: k.channelId, isActive: e.currentTarget.checked } },
                        { onError: toastError },
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`${t('common.edit')} ${k.keyword}`} onClick={() => open(k)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`${t('common.delete')} ${k.keyword}`} onClick={() => setDeleting(k)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <KeywordFormModal opened={formOpen} keyword={editing} flows={flows} channels={channels} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('chatbot.settings.deleteKeyword')}
        message={t('chatbot.settings.deleteKeywordConfirm', { keyword: deleting?.keyword ?? '' })}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: (err) => (toastError(err), setDeleting(null)) })
        }
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
