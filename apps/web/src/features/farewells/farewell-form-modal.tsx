import { ZFarewellMessageInput, type FarewellMessage, type FarewellMessageInput } from '@prosa/contracts';
import type { z } from 'zod';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { VariablesHint } from '../quick-messages/variables-hint';
import { useSaveFarewell } from './use-farewells';

type FormIn = z.input<typeof ZFarewellMessageInput>;

function initialValues(item: FarewellMessage | null): FormIn {
  return { title: item?.title ?? '', message: item?.message ?? '', showForAll: item?.showForAll ?? false };
}

const BLOCKS: FormBlock<FormIn>[] = [
  {
    key: 'main',
    fields: [
      { kind: 'text', name: 'title', label: 'farewells.titleField', required: true },
      { kind: 'textarea', name: 'message', label: 'farewells.message', required: true, minRows: 4, maxRows: 10 },
      { kind: 'custom', key: 'variables', names: [], render: () => <VariablesHint /> },
      { kind: 'switch', name: 'showForAll', label: 'farewells.showForAll', description: 'farewells.showForAllHint' },
    ],
  },
];

export function FarewellFormModal(slot: FormSlot<FarewellMessage>) {
  const save = useSaveFarewell();
  return (
    <CrudFormModal<FormIn, FarewellMessageInput, FarewellMessage, FarewellMessageInput, FarewellMessage>
      {...slot}
      testId="farewell"
      titles={{ create: 'farewells.createTitle', edit: 'farewells.editTitle' }}
      saved={{ create: 'farewells.created', edit: 'farewells.updated' }}
      schema={ZFarewellMessageInput}
      initialValues={initialValues}
      blocks={BLOCKS}
      save={save}
      size="lg"
    />
  );
}
