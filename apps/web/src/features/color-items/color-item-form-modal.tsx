import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ColorInput, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import type { QueueInput, ZQueueInput } from '@prosa/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
import { SWATCHES, type ColorItem, type ColorItemResource } from './color-item-resource';
import { useSaveColorItem } from './use-color-items';

interface Props {
  res: ColorItemResource;
  opened: boolean;
  item: ColorItem | null;
  onClose: () => void;
}

function initialValues(item: ColorItem | null): QueueInput {
  if (item) return { name: item.name, color: item.color, active: item.active };
  return { name: '', color: SWATCHES[Math.floor(Math.random() * SWATCHES.length)] ?? '#0ca678', active: true };
}

/** Create or edit a queue or a tag with the contracts schema the server validates with. */
export function ColorItemFormModal({ res, opened, item, onClose }: Props) {
  const { t } = useTranslation();
  const { ns, testId } = res;
  const save = useSaveColorItem(res);
  // Queue and tag inputs share one shape (name, colour, active).
  const schema = res.schema as typeof ZQueueInput;
  const form = useForm<z.input<typeof ZQueueInput>, unknown, QueueInput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(item),
  });
  const fieldError = useFieldError(form.formState.errors);

  useEffect(() => {
    if (opened) form.reset(initialValues(item));
  }, [opened, item, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: item?.id, values },
      {
        onSuccess: () => {
          notifySuccess(t(item ? `${ns}.updated` : `${ns}.created`));
          onClose();
        },
        onError: (err) =>
          handleFormError(err, form.setError, ['name', 'color', 'active'], {
            ERR_QUEUE_EXISTS: 'name',
            ERR_TAG_EXISTS: 'name',
          }),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t(item ? `${ns}.editTitle` : `${ns}.createTitle`)}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t(`${ns}.name`)}
            data-autofocus
            {...form.register('name')}
            error={fieldError('name')}
            data-testid={`${testId}-name`}
          />
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <ColorInput
                label={t(`${ns}.color`)}
                format="hex"
                // A colour typed as text stays as typed and the schema says what is wrong with it;
                // fixing it on blur would silently put back the previous colour.
                fixOnBlur={false}
                swatches={SWATCHES}
                swatchesPerRow={10}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError('color')}
                data-testid={`${testId}-color`}
              />
            )}
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label={t(`${ns}.active`)}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid={`${testId}-active`}
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
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
