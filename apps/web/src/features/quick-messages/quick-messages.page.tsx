import { Badge, Group, Text } from '@mantine/core';
import type { QuickMessage } from '@prosa/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn } from '../../shared/crud/types';
import { QuickMessageFormModal } from './quick-message-form-modal';
import { useDeleteQuickMessage, useQuickMessages } from './use-quick-messages';

const rowAttrs = (q: QuickMessage) => ({ 'data-key': q.key });
const rowName = (q: QuickMessage) => `/${q.key}`;

function Visibility({ q }: { q: QuickMessage }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={q.showToAll ? 'teal' : 'gray'}>
      {q.showToAll ? t('quick.shared') : t('quick.private')}
    </Badge>
  );
}

const COLUMNS: CrudColumn<QuickMessage>[] = [
  {
    key: 'key',
    header: 'quick.key',
    render: (q) => (
      <Text fw={600} size="sm" ff="monospace">
        /{q.key}
      </Text>
    ),
  },
  {
    key: 'message',
    header: 'quick.message',
    render: (q) => (
      <Text size="sm" lineClamp={2} maw={420} style={{ whiteSpace: 'pre-wrap' }}>
        {q.message}
      </Text>
    ),
  },
  {
    key: 'file',
    header: 'quick.file',
    render: (q) =>
      q.media ? (
        <Group gap={4} wrap="nowrap">
          <IconPaperclip size={14} />
          <Text size="sm" truncate maw={180}>
            {q.media.name}
          </Text>
        </Group>
      ) : null,
  },
  { key: 'visibility', header: 'quick.visibility', render: (q) => <Visibility q={q} /> },
];

/** /mensagens-rapidas: the user's own quick messages and the company's shared ones. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const list = useQuickMessages();
  const remove = useDeleteQuickMessage();
  return (
    <CrudPage
      testId="quick"
      texts={{
        title: 'quick.title',
        subtitle: 'quick.subtitle',
        add: 'quick.add',
        deleteTitle: 'quick.deleteTitle',
        deleteConfirm: 'quick.deleteConfirm',
        deleted: 'quick.deleted',
      }}
      query={list}
      rows={list.data ?? []}
      columns={COLUMNS}
      rowAttrs={rowAttrs}
      rowName={rowName}
      empty={{ title: t('quick.empty'), hint: t('quick.emptyHint') }}
      remove={remove}
      renderForm={(slot) => <QuickMessageFormModal {...slot} />}
    />
  );
}
