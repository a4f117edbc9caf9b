import { ZLaneInput, type Lane, type LaneInput } from '@prosa/contracts';
import { CrudFormModal, type SaveMutation } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { useChatFlows } from '../chatbot/api/use-chat-flows';
import { SWATCHES } from '../color-items/color-item-resource';
import { useSaveLane } from './use-kanban';

/** The form's values: the flow picker holds the id as text ('' = none). */
type FormValues = { name: string; color: string; flowId: string };

function initialValues(lane: Lane | null): FormValues {
  if (lane) return { name: lane.name, color: lane.color, flowId: lane.flowId ? String(lane.flowId) : '' };
  return { name: '', color: SWATCHES[Math.floor(Math.random() * SWATCHES.length)] ?? '#1c7ed6', flowId: '' };
}

/**
 * Create or edit a lane with ZLaneInput, the schema the server validates with. The flow picker
 * (flows "available in CRM") is an admin's: only admins read the flows.
 */
export function LaneFormModal({ withFlow, ...slot }: FormSlot<Lane> & { withFlow: boolean }) {
  const save: SaveMutation<LaneInput, Lane> = useSaveLane();
  const flows = useChatFlows('', withFlow && slot.opened);
  const options = withFlow
    ? (flows.data ?? []).filter((f) => f.availableInCrm).map((f) => ({ value: String(f.id), label: f.name }))
    : [];
  const blocks: FormBlock<FormValues>[] = [
    {
      key: 'main',
      fields: [
        { kind: 'text', name: 'name', label: 'kanban.laneName', required: true },
        { kind: 'color', name: 'color', label: 'kanban.laneColor', swatches: SWATCHES },
        ...(withFlow
          ? [
              {
                kind: 'select' as const,
                name: 'flowId' as const,
                label: 'kanban.laneFlow' as const,
                description: 'kanban.laneFlowHint' as const,
                clearable: true,
                options,
              },
            ]
          : []),
      ],
    },
  ];
  return (
    <CrudFormModal<FormValues, LaneInput, Lane, LaneInput, Lane>
      {...slot}
      testId="lane"
      titles={{ create: 'kanban.createLaneTitle', edit: 'kanban.editLaneTitle' }}
      saved={{ create: 'kanban.laneCreated', edit: 'kanban.laneUpdated' }}
      schema={ZLaneInput}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
    />
  );
}
