import { ZContactInput, ZContactUpdate, ZPhone, type Contact, type ContactUpdate } from '@prosa/contracts';
import { z } from 'zod';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormBlock } from '../../shared/crud/form-types';
import { TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useLanes } from '../kanban/use-kanban';
import { useAllUsers } from '../users/use-all-users';
import { ContactExtraInfo } from './contact-extra-info';
import { useSaveContact } from './use-contacts';

type Values = z.input<typeof ZContactInput>;
/**
 * An edit may leave the number out (ZContactUpdate): it stays as saved. That is how a contact whose
 * number this user sees masked, or a web chat contact without one, is edited: the input starts empty.
 */
const ZEditForm = ZContactUpdate.extend({ number: z.preprocess((v) => (v === '' ? undefined : v), ZPhone.optional()) });
const isMasked = (c: Contact | null) => !!c?.number.includes('*');
const FLAGS = ['disableBot', 'disableCampaign', 'disableCrm', 'ignoreContact'] as const;

function initialValues(c: Contact | null): Values {
  return {
    name: c?.name ?? '',
    number: isMasked(c) ? '' : (c?.number ?? ''),
    email: c?.email ?? '',
    extraInfo: c?.extraInfo ?? [],
    tags: c?.tags.map((t) => t.id) ?? [],
    wallets: c?.wallets.map((w) => w.id) ?? [],
    dealValue: c?.dealValue ?? null,
    description: c?.description ?? '',
    disableBot: c?.disableBot ?? false,
    disableCampaign: c?.disableCampaign ?? false,
    disableCrm: c?.disableCrm ?? false,
    ignoreContact: c?.ignoreContact ?? false,
    // The lane picker holds the id as text ('' = on no lane).
    crmLaneId: c?.crmLaneId ? String(c.crmLaneId) : '',
  };
}

/** Create or edit a contact with ZContactInput, the schema the server validates with (phone: ZPhone). */
export function ContactFormModal({
  opened,
  contact,
  onClose,
  onSaved,
}: {
  opened: boolean;
  contact: Contact | null;
  onClose: () => void;
  onSaved?: (c: Contact) => void;
}) {
  const save = useSaveContact();
  const tags = useColorItems(TAGS_RESOURCE);
  const users = useAllUsers(opened);
  const lanes = useLanes();
  // A number shown masked (hidden phone numbers) cannot be changed by this user.
  const masked = isMasked(contact);
  const blocks: FormBlock<Values>[] = [
    {
      key: 'main',
      cols: 2,
      fields: [
        { kind: 'text', name: 'name', label: 'contacts.name', required: true },
        {
          kind: 'text',
          name: 'number',
          label: 'contacts.number',
          description: 'contacts.numberHint',
          required: true,
          inputMode: 'tel',
          disabled: masked,
          placeholder: masked ? contact?.number : undefined,
        },
        { kind: 'email', name: 'email', label: 'contacts.email' },
        {
          kind: 'number',
          name: 'dealValue',
          label: 'contacts.dealValue',
          prefix: 'R$ ',
          decimals: 2,
          min: 0,
          nullable: true,
          testId: 'contact-deal',
        },
        {
          kind: 'select',
          name: 'crmLaneId',
          label: 'kanban.contactLane',
          clearable: true,
          options: (lanes.data?.lanes ?? []).map((l) => ({ value: String(l.id), label: l.name })),
          testId: 'contact-lane',
        },
      ],
    },
    {
      key: 'links',
      fields: [
        {
          kind: 'multiselect',
          name: 'tags',
          label: 'contacts.tags',
          numeric: true,
          options: (tags.data ?? []).map((tg) => ({ value: String(tg.id), label: tg.name })),
        },
        {
          kind: 'multiselect',
          name: 'wallets',
          label: 'contacts.wallets',
          description: 'contacts.walletsHint',
          numeric: true,
          options: (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
        },
        {
          kind: 'custom',
          key: 'extraInfo',
          names: ['extraInfo'],
          render: ({ form, fieldError }) => <ContactExtraInfo form={form} fieldError={fieldError} />,
        },
        { kind: 'textarea', name: 'description', label: 'contacts.description' },
      ],
    },
    {
      key: 'flags',
      title: 'contacts.flags',
      cols: 2,
      fields: FLAGS.map((flag) => ({ kind: 'switch', name: flag, label: `contacts.${flag}`, description: `contacts.${flag}Hint` }) as const),
    },
  ];
  return (
    <CrudFormModal<Values, ContactUpdate, Contact, ContactUpdate, Contact>
      opened={opened}
      onClose={onClose}
      item={contact}
      testId="contact"
      titles={{ create: 'contacts.createTitle', edit: 'contacts.editTitle' }}
      saved={{ create: 'contacts.created', edit: 'contacts.updated' }}
      schema={contact ? ZEditForm : ZContactInput}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      codeFields={{ ERR_DUPLICATED_CONTACT: 'number', ERR_CONTACT_CRM_DISABLED: 'crmLaneId', ERR_NO_LANE_FOUND: 'crmLaneId' }}
      size="lg"
      onSaved={onSaved}
    />
  );
}
