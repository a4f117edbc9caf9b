import { Badge, Text } from '@mantine/core';
import type { Help } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn } from '../../shared/crud/types';
import { HelpFormModal } from './help-form-modal';
import { useDeleteHelp, useHelps } from './use-helps';

const rowAttrs = (help: Help) => ({ 'data-name': help.title });

function VideoBadge({ help }: { help: Help }) {
  const { t } = useTranslation();
  return help.videoId ? (
    <Badge variant="light" size="sm">
      {t('help.hasVideo')}
    </Badge>
  ) : null;
}

const COLUMNS: CrudColumn<Help>[] = [
  { key: 'position', header: 'help.fields.position', align: 'right', render: (h) => h.position },
  {
    key: 'title',
    header: 'help.fields.title',
    render: (h) => (
      <Text fw={600} size="sm">
        {h.title}
      </Text>
    ),
  },
  {
    key: 'description',
    header: 'help.fields.description',
    render: (h) => (
      <Text size="sm" lineClamp={2}>
        {h.description}
      </Text>
    ),
  },
  { key: 'video', header: 'help.fields.video', render: (h) => <VideoBadge help={h} /> },
];

/** Operator: the help articles every company reads on /ajuda. */
export function HelpsAdminPage() {
  const { t } = useTranslation();
  const helps = useHelps();
  const remove = useDeleteHelp();
  return (
    <CrudPage
      testId="help-admin"
      texts={{
        title: 'help.adminTitle',
        subtitle: 'help.adminSubtitle',
        add: 'help.add',
        deleteTitle: 'help.deleteTitle',
        deleteConfirm: 'help.deleteConfirm',
        deleted: 'help.deleted',
      }}
      query={helps}
      rows={helps.data ?? []}
      columns={COLUMNS}
      rowAttrs={rowAttrs}
      empty={{ title: t('help.empty') }}
      remove={remove}
      renderForm={(slot) => <HelpFormModal {...slot} />}
    />
  );
}
