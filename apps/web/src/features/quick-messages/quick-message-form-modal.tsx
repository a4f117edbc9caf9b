import { V, ZQuickMessageInput, type QuickMessage } from '@prosa/contracts';
import { z } from 'zod';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { QuickMessageFileField } from './quick-message-file-field';
import { VariablesHint } from './variables-hint';
import { useSaveQuickMessage, type QuickMessagePayload } from './use-quick-messages';

/**
 * The server's schema plus the file: "message or file" (SPEC §5) is checked here with the file in
 * hand, as the server checks it with the uploaded one.
 */
export const ZQuickMessageForm = ZQuickMessageInput.extend({
  file: z.custom<File | null>((v) => v === null || v instanceof File),
  hasMedia: z.boolean(),
}).superRefine((v, ctx) => {
  const keepsFile = v.hasMedia && !v.removeFile;
  if (!v.message.trim() && !v.file && !keepsFile)
    ctx.addIssue({ code: 'custom', path: ['message'], message: V.required });
});
export type QuickMessageFormValues = z.input<typeof ZQuickMessageForm> & { showToAll: boolean; removeFile: boolean };
type FormOut = z.output<typeof ZQuickMessageForm>;

function initialValues(item: QuickMessage | null): QuickMessageFormValues {
  return {
    key: item?.key ?? '',
    message: item?.message ?? '',
    showToAll: item?.showToAll ?? false,
    removeFile: false,
    file: null,
    hasMedia: !!item?.media,
  };
}

const toPayload = (v: FormOut): QuickMessagePayload => ({
  input: { key: v.key, message: v.message, showToAll: v.showToAll, removeFile: v.removeFile },
  file: v.file ?? null,
});

export function QuickMessageFormModal(slot: FormSlot<QuickMessage>) {
  const save = useSaveQuickMessage();
  const blocks: FormBlock<QuickMessageFormValues>[] = [
    {
      key: 'main',
      fields: [
        { kind: 'text', name: 'key', label: 'quick.key', description: 'quick.keyHint', required: true },
        { kind: 'textarea', name: 'message', label: 'quick.message', minRows: 4, maxRows: 10 },
        { kind: 'custom', key: 'variables', names: [], render: () => <VariablesHint /> },
        {
          kind: 'custom',
          key: 'file',
          names: ['file'],
          render: ({ form, fieldError }) => (
            <QuickMessageFileField form={form} item={slot.item} error={fieldError('file')} />
          ),
        },
        { kind: 'switch', name: 'showToAll', label: 'quick.showToAll', description: 'quick.showToAllHint' },
      ],
    },
  ];
  return (
    <CrudFormModal<QuickMessageFormValues, FormOut, QuickMessage, QuickMessagePayload, QuickMessage>
      {...slot}
      testId="quick"
      titles={{ create: 'quick.createTitle', edit: 'quick.editTitle' }}
      saved={{ create: 'quick.created', edit: 'quick.updated' }}
      schema={ZQuickMessageForm}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      toPayload={toPayload}
      codeFields={{ ERR_FAST_REPLY_EXISTS: 'key', ERR_FILE_TYPE_NOT_ALLOWED: 'file', ERR_FILE_TOO_LARGE: 'file' }}
      size="lg"
    />
  );
}
