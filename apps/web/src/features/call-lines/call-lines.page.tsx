import { Badge, Text } from '@mantine/core';
import type { CallLine } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn } from '../../shared/crud/types';
import { CopyField } from '../../shared/ui/copy-field';
import { CallLineFormModal } from './call-line-form-modal';
import { useCallLines, useDeleteCallLine } from './use-call-lines';

const rowAttrs = (l: CallLine) => ({ 'data-name': l.name });
const rowName = (l: CallLine) => l.name;

function Webhook({ line }: { line: CallLine }) {
  const { t } = useTranslation();
  return (
    <CopyField
      label={`${t('calls.lines.webhookUrl')}: ${line.name}`}
      value={line.webhookUrl}
      testId="call-line-row-webhook"
      copyText={t('calls.lines.copy')}
      copiedText={t('calls.lines.copied')}
    />
  );
}

function Active({ line }: { line: CallLine }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={line.active ? 'teal' : 'gray'}>
      {line.active ? t('calls.lines.active') : t('common.inactive')}
    </Badge>
  );
}

const COLUMNS: CrudColumn<CallLine>[] = [
  { key: 'name', header: 'calls.lines.name', render: (l) => <Text fw={600} size="sm">{l.name}</Text> },
  { key: 'channel', header: 'calls.lines.channel', render: (l) => <Text size="sm">{l.channelName ?? '—'}</Text> },
  { key: 'active', header: 'calls.lines.active', render: (l) => <Active line={l} /> },
  { key: 'webhook', header: 'calls.lines.webhookUrl', render: (l) => <Webhook line={l} /> },
];

/** /linhas-chamada: the company's call provider lines, with the webhook URL to paste in Wavoip. */
export function CallLinesPage() {
  const { t } = useTranslation();
  const list = useCallLines();
  const remove = useDeleteCallLine();
  return (
    <CrudPage
      testId="call-line"
      texts={{
        title: 'calls.lines.title',
        subtitle: 'calls.lines.subtitle',
        add: 'calls.lines.add',
        deleteTitle: 'calls.lines.deleteTitle',
        deleteConfirm: 'calls.lines.deleteConfirm',
        deleted: 'calls.lines.deleted',
      }}
      query={list}
      rows={list.data ?? []}
      columns={COLUMNS}
      rowAttrs={rowAttrs}
      rowName={rowName}
      empty={{ title: t('calls.lines.empty'), hint: t('calls.lines.emptyHint') }}
      remove={remove}
      renderForm={(slot) => <CallLineFormModal {...slot} />}
    />
  );
}
