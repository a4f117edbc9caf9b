import { ZCallLineInput, type CallLine, type CallLineInput } from '@prosa/contracts';
import { z } from 'zod';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { useChannels } from '../sessions/use-channels';
import { useSaveCallLine } from './use-call-lines';

/** The server's schema, the channel held as text by the select ('' = none). */
const ZCallLineForm = ZCallLineInput.extend({
  channelId: z.preprocess((v) => (v === '' ? null : v), ZCallLineInput.shape.channelId),
});
type FormValues = { name: string; token: string; channelId: string; active: boolean };

function initialValues(item: CallLine | null): FormValues {
  return {
    name: item?.name ?? '',
    token: item?.token ?? '',
    channelId: item?.channelId ? String(item.channelId) : '',
    active: item?.active ?? true,
  };
}

/** Create or edit a call line with the contracts schema the server validates with. */
export function CallLineFormModal(slot: FormSlot<CallLine>) {
  const save = useSaveCallLine();
  const channels = useChannels();
  const blocks: FormBlock<FormValues>[] = [
    {
      key: 'main',
      fields: [
        { kind: 'text', name: 'name', label: 'calls.lines.name', required: true },
        { kind: 'text', name: 'token', label: 'calls.lines.token', description: 'calls.lines.tokenHint', required: true, autoComplete: 'off' },
        {
          kind: 'select',
          name: 'channelId',
          label: 'calls.lines.channel',
          description: 'calls.lines.channelHint',
          clearable: true,
          options: (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        },
        { kind: 'switch', name: 'active', label: 'calls.lines.active' },
        ...(slot.item
          ? [
              {
                kind: 'copy',
                key: 'webhookUrl',
                label: 'calls.lines.webhookUrl',
                value: slot.item.webhookUrl,
                testId: 'call-line-webhook',
                copy: 'calls.lines.copy',
                copied: 'calls.lines.copied',
              } as const,
            ]
          : []),
      ],
    },
  ];
  return (
    <CrudFormModal<FormValues, CallLineInput, CallLine, CallLineInput, CallLine>
      {...slot}
      testId="call-line"
      titles={{ create: 'calls.lines.createTitle', edit: 'calls.lines.editTitle' }}
      saved={{ create: 'calls.lines.created', edit: 'calls.lines.updated' }}
      schema={ZCallLineForm}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      codeFields={{ ERR_CALL_LINE_TOKEN_EXISTS: 'token' }}
    />
  );
}
