import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { Fragment, useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { revealFirstError } from '../forms/reveal-first-error';
import { handleFormError } from '../forms/server-errors';
import { useFieldError } from '../forms/use-field-error';
import { notifySuccess } from '../ui/notify';
import { FormField } from './form-field';
import { fieldNames, type FieldContext, type FormBlock } from './form-types';
import type { TKey } from './types';

/** A save mutation (TanStack's useMutation): POST without an id, PUT with one. */
export interface SaveMutation<P, Saved> {
  mutate: (
    vars: { id?: number; values: P },
    options: { onSuccess?: (saved: Saved) => void; onError?: (err: unknown) => void },
  ) => void;
  isPending: boolean;
}

export interface CrudFormModalProps<V extends FieldValues, Out, Item extends { id: number }, P, Saved> {
  opened: boolean;
  onClose: () => void;
  item: Item | null;
  /** Prefix of the fields' and the save button's test ids (`contact` -> contact-name, contact-save). */
  testId: string;
  titles: { create: TKey; edit: TKey };
  /** The notice after a save. */
  saved: { create: TKey; edit: TKey };
  /** The contracts schema the server validates with (its input is the form's values). */
  schema: z.ZodType;
  initialValues: (item: Item | null) => V;
  blocks: readonly FormBlock<V>[];
  save: SaveMutation<P, Saved>;
  /** The request body from the checked values (leave out what the user may not change). */
  toPayload?: (values: Out) => P;
  /** Error codes that belong to one field (ERR_EMAIL_ALREADY_EXISTS -> email). */
  codeFields?: Partial<Record<string, Path<V>>>;
  size?: 'md' | 'lg' | 'xl';
  onSaved?: (saved: Saved) => void;
}

/**
 * The create/edit form of a CRUD screen, from a description of its fields: react-hook-form with
 * the contracts schema, server field errors shown on the fields, the first error scrolled into
 * view and focused, and Save in a sticky footer so a long form keeps it in reach (issue 9).
 */
export function CrudFormModal<V extends FieldValues, Out, Item extends { id: number }, P = Out, Saved = unknown>({
  opened,
  onClose,
  item,
  testId,
  titles,
  saved,
  schema,
  initialValues,
  blocks,
  save,
  toPayload,
  codeFields,
  size = 'md',
  onSaved,
}: CrudFormModalProps<V, Out, Item, P, Saved>) {
  const { t } = useTranslation();
  const form = useForm<V, unknown, Out>({
    // The description promises that the schema reads V and gives Out; zod's own generics are wider
    // than react-hook-form's, so the resolver is told so here, once.
    resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<V, unknown, Out>,
    defaultValues: initialValues(item) as DefaultValues<V>,
  });
  const fieldError = useFieldError(form.formState.errors);
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useRef(initialValues);
  initial.current = initialValues;

  useEffect(() => {
    if (opened) form.reset(initial.current(item));
  }, [opened, item, form]);

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        { id: item?.id, values: toPayload ? toPayload(values) : (values as unknown as P) },
        {
          onSuccess: (result) => {
            notifySuccess(t(item ? saved.edit : saved.create));
            onSaved?.(result);
            onClose();
          },
          onError: (err) => {
            handleFormError(err, form.setError, fieldNames(blocks), codeFields);
            revealFirstError(formRef.current);
          },
        },
      ),
    () => revealFirstError(formRef.current),
  );

  // A custom field registers inputs and never submits, so it sees the form without its output type.
  const ctx: FieldContext<V> = { form: form as unknown as UseFormReturn<V>, fieldError };
  return (
    <Modal opened={opened} onClose={onClose} title={t(item ? titles.edit : titles.create)} size={size}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack>
          <FormBlocks blocks={blocks} ctx={ctx} testIdPrefix={testId} />
          <Group justify="flex-end" className="prosa-form-footer">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid={`${testId}-save`}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The described fields, block by block; the first field gets the focus when the form opens. */
export function FormBlocks<V extends FieldValues>({
  blocks,
  ctx,
  testIdPrefix,
}: {
  blocks: readonly FormBlock<V>[];
  ctx: FieldContext<V>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return blocks.map((block, b) => {
    const fields = block.fields.map((spec, i) => (
      <FormField
        key={spec.kind === 'custom' || spec.kind === 'copy' ? spec.key : spec.name}
        spec={spec}
        ctx={ctx}
        testIdPrefix={testIdPrefix}
        autoFocus={b === 0 && i === 0}
      />
    ));
    return (
      <Fragment key={block.key}>
        {block.title && <Divider label={t(block.title)} labelPosition="left" />}
        {(block.cols ?? 1) > 1 ? <SimpleGrid cols={{ base: 1, sm: block.cols }}>{fields}</SimpleGrid> : fields}
      </Fragment>
    );
  });
}
