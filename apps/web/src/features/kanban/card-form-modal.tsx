import { ZKanbanMove, type KanbanCard, type KanbanMove } from '@prosa/contracts';
import { CrudFormModal, type SaveMutation } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';

type FormValues = { laneId: number | null; dealValue: number | null; description: string };

const blocks: FormBlock<FormValues>[] = [
  {
    key: 'deal',
    fields: [
      {
        kind: 'number',
        name: 'dealValue',
        label: 'kanban.dealValue',
        min: 0,
        decimals: 2,
        prefix: 'R$ ',
        nullable: true,
      },
      { kind: 'textarea', name: 'description', label: 'kanban.description', minRows: 3, maxRows: 8 },
    ],
  },
];

/** A card's deal value and description, saved with ZKanbanMove on the lane it is on. */
export function CardFormModal({
  save,
  ...slot
}: FormSlot<KanbanCard> & { save: SaveMutation<KanbanMove, KanbanCard> }) {
  return (
    <CrudFormModal<FormValues, KanbanMove, KanbanCard, KanbanMove, KanbanCard>
      {...slot}
      testId="card"
      titles={{ create: 'kanban.cardFormTitle', edit: 'kanban.cardFormTitle' }}
      saved={{ create: 'kanban.cardSaved', edit: 'kanban.cardSaved' }}
      schema={ZKanbanMove}
      initialValues={(card) => ({
        laneId: card?.laneId ?? null,
        dealValue: card?.dealValue ?? null,
        description: card?.description ?? '',
      })}
      blocks={blocks}
      save={save}
    />
  );
}
