import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Contact, Ticket } from '@prosa/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date';
import { formatMoney } from '../../../shared/format/money';
import { ColorBadge } from '../../../shared/ui/color-dot';
import { CallButton } from '../../calls/call-button';
import { ContactFormModal } from '../../contacts/contact-form-modal';
import { useContact } from '../../contacts/use-contacts';
import { patchTicketEverywhere } from '../api/ticket-cache';
import { ContactAvatar } from '../ui/contact-avatar';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={2}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </div>
  );
}

/** The contact of the ticket (edited inline through the contacts modal) and the ticket's facts. */
export function ContactTab({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const contact = useContact(ticket.contactId);
  const [editing, setEditing] = useState(false);
  const c = contact.data;
  // The ticket caches carry the contact too: follow an edit made here at once.
  const onSaved = (saved: Contact) =>
    patchTicketEverywhere(qc, ticket.id, {
      contact: {
        ...ticket.contact,
        name: saved.name,
        number: saved.number,
        tags: saved.tags,
        wallets: saved.wallets,
        extraInfo: saved.extraInfo,
      },
    });

  return (
    <Stack gap="md" data-testid="side-contact">
      <Group gap="sm" wrap="nowrap">
        <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} size={52} />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {c?.name ?? ticket.contact.name}
          </Text>
          <Text size="sm" c="dimmed">
            {(c?.number ?? ticket.contact.number) || t('contacts.noNumber')}
          </Text>
          {c?.email && (
            <Text size="sm" c="dimmed" truncate>
              {c.email}
            </Text>
          )}
        </div>
      </Group>
      <CallButton ticket={ticket} />
      {c?.can.edit && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPencil size={14} />}
          onClick={() => setEditing(true)}
          data-testid="side-contact-edit"
        >
          {t('desk.side.editContact')}
        </Button>
      )}
      {contact.isPending ? (
        <Skeleton height={80} />
      ) : (
        <>
          <Field label={t('desk.side.tags')}>
            {(c?.tags ?? ticket.contact.tags).length ? (
              <Group gap={4}>
                {(c?.tags ?? ticket.contact.tags).map((tg) => (
                  <ColorBadge key={tg.id} color={tg.color} name={tg.name} />
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('desk.side.noTags')}
              </Text>
            )}
          </Field>
          <Field label={t('desk.side.wallets')}>
            {(c?.wallets ?? ticket.contact.wallets).map((w) => w.name).join(', ') || t('desk.side.noWallet')}
          </Field>
          {c?.dealValue !== null && c?.dealValue !== undefined && (
            <Field label={t('contacts.dealValue')}>{formatMoney(c.dealValue)}</Field>
          )}
          {c?.description && <Field label={t('contacts.description')}>{c.description}</Field>}
          {(c?.extraInfo ?? ticket.contact.extraInfo).length > 0 && (
            <Field label={t('desk.side.extraInfo')}>
              <Stack gap={2}>
                {(c?.extraInfo ?? ticket.contact.extraInfo).map((x, i) => (
                  <Text size="sm" key={`${x.name}${i}`}>
                    <Text span c="dimmed">
                      {x.name}:
                    </Text>{' '}
                    {x.value}
                  </Text>
                ))}
              </Stack>
            </Field>
          )}
        </>
      )}
      <Divider label={t('desk.side.ticket')} labelPosition="left" />
      <Field label={t('desk.side.queue')}>
        {ticket.queue ? <ColorBadge color={ticket.queue.color} name={ticket.queue.name} /> : t('desk.noQueue')}
      </Field>
      <Field label={t('desk.side.user')}>{ticket.user?.name ?? t('desk.unassigned')}</Field>
      <Field label={t('desk.side.channel')}>{ticket.channel?.name ?? '—'}</Field>
      <Group grow align="flex-start">
        <Field label={t('desk.side.createdAt')}>{formatDateTime(ticket.createdAt)}</Field>
        {ticket.startedAttendanceAt && (
          <Field label={t('desk.side.startedAt')}>{formatDateTime(ticket.startedAttendanceAt)}</Field>
        )}
      </Group>
      {ticket.closedAt && <Field label={t('desk.side.closedAt')}>{formatDateTime(ticket.closedAt)}</Field>}
      <ContactFormModal opened={editing} contact={c ?? null} onClose={() => setEditing(false)} onSaved={onSaved} />
    </Stack>
  );
}
