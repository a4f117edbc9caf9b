import type { QueueInput } from '@prosa/contracts';
import { CrudFormModal, type SaveMutation } from '../../shared/crud/crud-form-modal';
import type { FormBlock } from '../../shared/crud/form-types';
import type { FormSlot } from '../../shared/crud/crud-page';
import { SWATCHES, type ColorItem, type ColorItemResource } from './color-item-resource';
import { useIntegrations } from '../integrations/use-integrations';
import { useSaveColorItem } from './use-color-items';

/** The form's values: the integration picker holds the id as text ('' = none). */
type FormValues = Omit<QueueInput, 'integrationId'> & { integrationId: string };

function initialValues(item: ColorItem | null): FormValues {
  const integrationId = item && 'integrationId' in item && item.integrationId ? String(item.integrationId) : '';
  if (item) return { name: item.name, color: item.color, active: item.active, integrationId };
  return { name: '', color: SWATCHES[Math.floor(Math.random() * SWATCHES.length)] ?? '#0ca678', active: true, integrationId: '' };
}

/** Create or edit a queue or a tag with the contracts schema the server validates with. */
export function ColorItemFormModal({ res, ...slot }: FormSlot<ColorItem> & { res: ColorItemResource }) {
  const { ns, testId } = res;
  const save: SaveMutation<QueueInput, ColorItem> = useSaveColorItem(res);
  // Queue and tag inputs share one shape (name, colour, active).
  // Queues only: the integration tickets entering the queue are handed to.
  const integrations = useIntegrations(ns === 'queues' && slot.opened);
  const picker: FormBlock<FormValues>['fields'] =
    ns === 'queues'
      ? [
          {
            kind: 'select',
            name: 'integrationId',
            label: 'integrations.queuePicker',
            clearable: true,
            options: (integrations.data ?? []).map((i) => ({ value: String(i.id), label: i.name })),
          },
        ]
      : [];
  const blocks: FormBlock<FormValues>[] = [
    {
      key: 'main',
      fields: [
        { kind: 'text', name: 'name', label: `${ns}.name` },
        { kind: 'color', name: 'color', label: `${ns}.color`, swatches: SWATCHES },
        { kind: 'switch', name: 'active', label: `${ns}.active` },
        ...picker,
      ],
    },
  ];
  return (
    <CrudFormModal<FormValues, QueueInput, ColorItem, QueueInput, ColorItem>
      {...slot}
      testId={testId}
      titles={{ create: `${ns}.createTitle`, edit: `${ns}.editTitle` }}
      saved={{ create: `${ns}.created`, edit: `${ns}.updated` }}
      schema={res.schema}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      codeFields={{ ERR_QUEUE_EXISTS: 'name', ERR_TAG_EXISTS: 'name', ERR_NO_INTEGRATION_FOUND: 'integrationId' }}
    />
  );
}
