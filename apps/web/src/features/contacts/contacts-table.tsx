import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import type { Contact } from '@prosa/contracts';
import { IconMessagePlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorBadge } from '../../shared/ui/color-dot';
import { ContactAvatar } from '../attendance/ui/contact-avatar';

interface RowProps {
  contact: Contact;
  starting: boolean;
  onEdit: (c: Contact) => void;
  onDelete: (c: Contact) => void;
  onStart: (c: Contact) => void;
}

const ContactRow = memo(function ContactRow({ contact: c, starting, onEdit, onDelete, onStart }: RowProps) {
  const { t } = useTranslation();
  return (
    <Table.Tr className="prosa-table-row" data-testid="contact-row" data-name={c.name}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <ContactAvatar name={c.name} picture={c.profilePicUrl} size={34} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {c.name}
            </Text>
            {c.email && (
              <Text size="xs" c="dimmed" truncate>
                {c.email}
              </Text>
            )}
          </div>
        </Group>
      </Table.Td>
      <Table.Td data-label={t('contacts.number')}>
        <Text
          size="sm"
          ff={c.number ? 'monospace' : undefined}
          c={c.number ? undefined : 'dimmed'}
          data-testid="contact-row-number"
        >
          {c.number || t('contacts.noNumber')}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('contacts.tags')} data-testid="contact-row-tags">
        <Group gap={4}>
          {c.tags.map((tag) => (
            <ColorBadge key={tag.id} color={tag.color} name={tag.name} />
          ))}
        </Group>
      </Table.Td>
      <Table.Td data-label={t('contacts.wallets')}>
        <Text size="sm" c={c.wallets.length ? undefined : 'dimmed'}>
          {c.wallets.map((w) => w.name).join(', ') || '—'}
        </Text>
      </Table.Td>
      <Table.Td data-cell="actions">
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('contacts.startChat')}>
            <ActionIcon
              variant="subtle"
              color="prosa"
              loading={starting}
              onClick={() => onStart(c)}
              aria-label={`${t('contacts.startChat')} ${c.name}`}
              data-testid="contact-start"
            >
              <IconMessagePlus size={18} />
            </ActionIcon>
          </Tooltip>
          {c.can.edit && (
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                onClick={() => onEdit(c)}
                aria-label={`${t('common.edit')} ${c.name}`}
                data-testid="contact-edit"
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {c.can.delete && (
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onDelete(c)}
                aria-label={`${t('common.delete')} ${c.name}`}
                data-testid="contact-delete"
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * Edit and delete appear only where the server says this user may (`can`). On a phone each row is
 * a card (global.css, .prosa-card-table): name and actions on top, the other columns below with
 * their headings, so nothing hides behind a sideways scroll.
 */
export function ContactsTable({
  contacts,
  startingId,
  ...handlers
}: Omit<RowProps, 'contact' | 'starting'> & { contacts: Contact[]; startingId: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="prosa-card-table-scroll">
      <Table verticalSpacing="sm" horizontalSpacing="md" className="prosa-card-table" data-testid="contact-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('contacts.name')}</Table.Th>
            <Table.Th>{t('contacts.number')}</Table.Th>
            <Table.Th>{t('contacts.tags')}</Table.Th>
            <Table.Th>{t('contacts.wallets')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((c) => (
            <ContactRow key={c.id} contact={c} starting={startingId === c.id} {...handlers} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
