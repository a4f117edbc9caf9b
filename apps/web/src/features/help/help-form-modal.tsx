import { ZHelpInput, type Help, type HelpInput } from '@prosa/contracts';
import type { z } from 'zod';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { useSaveHelp } from './use-helps';

type FormIn = z.input<typeof ZHelpInput>;

const initialValues = (help: Help | null): FormIn => ({
  title: help?.title ?? '',
  description: help?.description ?? '',
  video: help?.video ?? '',
  position: help?.position ?? 0,
});

const BLOCKS: FormBlock<FormIn>[] = [
  {
    key: 'main',
    fields: [
      { kind: 'text', name: 'title', label: 'help.fields.title', required: true },
      { kind: 'textarea', name: 'description', label: 'help.fields.description', minRows: 4, maxRows: 12 },
    ],
  },
  {
    key: 'video',
    cols: 2,
    fields: [
      { kind: 'text', name: 'video', label: 'help.fields.video', description: 'help.fields.videoHint' },
      { kind: 'number', name: 'position', label: 'help.fields.position', min: 0 },
    ],
  },
];

export function HelpFormModal(slot: FormSlot<Help>) {
  const save = useSaveHelp();
  return (
    <CrudFormModal<FormIn, HelpInput, Help>
      {...slot}
      testId="help-form"
      titles={{ create: 'help.createTitle', edit: 'help.editTitle' }}
      saved={{ create: 'help.created', edit: 'help.updated' }}
      schema={ZHelpInput}
      initialValues={initialValues}
      blocks={BLOCKS}
      save={save}
      size="lg"
    />
  );
}
