import { Badge, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Ticket, WabaTemplate } from '@prosa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorBlock } from '../../../shared/ui/query-state';
import { useTemplates } from '../api/use-templates';
import { TemplateForm } from './template-form';
import { canFill, matchesSearch } from './template-fill';

function TemplateOption({ template, onPick }: { template: WabaTemplate; onPick: (t: WabaTemplate) => void }) {
  const { t } = useTranslation();
  const usable = canFill(template);
  return (
    <UnstyledButton
      onClick={() => onPick(template)}
      disabled={!usable}
      data-testid="template-option"
      data-name={template.name}
      data-language={template.language}
      style={{ opacity: usable ? 1 : 0.55, cursor: usable ? 'pointer' : 'not-allowed' }}
    >
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" truncate>
            {template.name}
          </Text>
          <Badge variant="light" color="gray" size="sm" tt="none" data-testid="template-language">
            {template.language}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" lineClamp={3} mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          {template.text}
        </Text>
        {!usable && (
          <Text size="xs" c="var(--mantine-color-orange-light-color)" mt={4}>
            {t('desk.templates.notSendable')}
          </Text>
        )}
      </Paper>
    </UnstyledButton>
  );
}

/**
 * The channel's approved templates: search by name, pick one. They are synchronised from the
 * business account by an admin in /sessoes (the connection's menu), not here.
 */
function TemplateList({ channelId, onPick }: { channelId: number; onPick: (t: WabaTemplate) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = useTemplates(channelId, true);
  const shown = (list.data ?? []).filter((tpl) => matchesSearch(tpl, search));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('desk.templates.intro')}
      </Text>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('desk.templates.search')}
        aria-label={t('desk.templates.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
        data-testid="template-search"
      />
      {list.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState title={t('desk.templates.empty')} hint={t('desk.templates.emptyHint')} />
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {t('desk.templates.noMatch')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} offsetScrollbars>
          <Stack gap="xs" data-testid="template-list">
            {shown.map((tpl) => (
              <TemplateOption key={tpl.id} template={tpl} onPick={onPick} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/**
 * "Send a template" of a WhatsApp Cloud API chat whose 24-hour window is closed: pick an approved
 * template, fill its variables, see it as the customer will, send. The sent message goes into the
 * conversation like any reply (its status arrives by the message events).
 */
export function TemplatePickerModal({
  ticket,
  opened,
  onClose,
}: {
  ticket: Ticket;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<WabaTemplate | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  const channelId = ticket.whatsappId;
  return (
    <Modal opened={opened} onClose={close} size="lg" title={t('desk.templates.title')}>
      {opened && channelId && (
        <div data-testid="template-picker">
          {picked ? (
            <TemplateForm
              key={picked.id}
              ticketId={ticket.id}
              template={picked}
              onBack={() => setPicked(null)}
              onSent={close}
            />
          ) : (
            <TemplateList channelId={channelId} onPick={setPicked} />
          )}
        </div>
      )}
    </Modal>
  );
}
