import { ZResellerInput, type Reseller, type ResellerInput } from '@prosa/contracts';
import type { z } from 'zod';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { useSaveReseller } from './use-resellers';

type FormIn = z.input<typeof ZResellerInput>;

const initialValues = (r: Reseller | null): FormIn => ({
  name: r?.name ?? '',
  email: r?.email ?? '',
  phone: r?.phone ?? '',
});

const BLOCKS: FormBlock<FormIn>[] = [
  { key: 'main', fields: [{ kind: 'text', name: 'name', label: 'resellers.fields.name', required: true }] },
  {
    key: 'contact',
    cols: 2,
    fields: [
      { kind: 'email', name: 'email', label: 'resellers.fields.email' },
      { kind: 'text', name: 'phone', label: 'resellers.fields.phone' },
    ],
  },
];

export function ResellerFormModal(slot: FormSlot<Reseller>) {
  const save = useSaveReseller();
  return (
    <CrudFormModal<FormIn, ResellerInput, Reseller>
      {...slot}
      testId="reseller-form"
      titles={{ create: 'resellers.createTitle', edit: 'resellers.editTitle' }}
      saved={{ create: 'resellers.created', edit: 'resellers.updated' }}
      schema={ZResellerInput}
      initialValues={initialValues}
      blocks={BLOCKS}
      save={save}
      codeFields={{ ERR_RESELLER_EXISTS: 'name' }}
    />
  );
}
