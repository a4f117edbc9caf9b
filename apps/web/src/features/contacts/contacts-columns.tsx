import { Group, Text } from '@mantine/core';
import type { Contact } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../shared/crud/types';
import { ColorBadge } from '../../shared/ui/color-dot';
import { ContactAvatar } from '../attendance/ui/contact-avatar';

function NameCell({ contact: c }: { contact: Contact }) {
  return (
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
  );
}

function NumberCell({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation();
  return (
    <Text
      size="sm"
      ff={c.number ? 'monospace' : undefined}
      c={c.number ? undefined : 'dimmed'}
      data-testid="contact-row-number"
    >
      {c.number || t('contacts.noNumber')}
    </Text>
  );
}

/** The contacts list's columns; on a phone the name is the card's title, the rest under headings. */
export const CONTACT_COLUMNS: CrudColumn<Contact>[] = [
  { key: 'name', header: 'contacts.name', render: (c) => <NameCell contact={c} /> },
  { key: 'number', header: 'contacts.number', render: (c) => <NumberCell contact={c} /> },
  {
    key: 'tags',
    header: 'contacts.tags',
    testId: 'contact-row-tags',
    render: (c) => (
      <Group gap={4}>
        {c.tags.map((tag) => (
          <ColorBadge key={tag.id} color={tag.color} name={tag.name} />
        ))}
      </Group>
    ),
  },
  {
    key: 'wallets',
    header: 'contacts.wallets',
    render: (c) => (
      <Text size="sm" c={c.wallets.length ? undefined : 'dimmed'}>
        {c.wallets.map((w) => w.name).join(', ') || '—'}
      </Text>
    ),
  },
];

export const contactRowAttrs = (c: Contact) => ({ 'data-name': c.name });
