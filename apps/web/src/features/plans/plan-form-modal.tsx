import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ZPlanInput, type Plan } from '@prosa/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
import { useSavePlan } from './use-plans';

type FormIn = z.input<typeof ZPlanInput>;
type FormOut = z.output<typeof ZPlanInput>;
const FEATURES = ['group', 'campaign', 'integrations'] as const;
const NUMBERS = ['maxUsers', 'maxConnections', 'value'] as const;

function initialValues(plan: Plan | null): FormIn {
  return {
    name: plan?.name ?? '',
    maxUsers: plan?.maxUsers ?? 5,
    maxConnections: plan?.maxConnections ?? 1,
    value: plan?.value ?? 0,
    isPublic: plan?.isPublic ?? true,
    group: plan?.group ?? true,
    campaign: plan?.campaign ?? true,
    integrations: plan?.integrations ?? true,
  };
}

export function PlanFormModal({ opened, plan, onClose }: { opened: boolean; plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZPlanInput),
    defaultValues: initialValues(plan),
  });
  const fieldError = useFieldError(form.formState.errors);

  useEffect(() => {
    if (opened) form.reset(initialValues(plan));
  }, [opened, plan, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: plan?.id, values },
      {
        onSuccess: () => {
          notifySuccess(t(plan ? 'plans.updated' : 'plans.created'));
          onClose();
        },
        onError: (err) =>
          handleFormError(err, form.setError, [...NUMBERS, ...FEATURES, 'name', 'isPublic'], {
            ERR_PLAN_NAME_EXISTS: 'name',
          }),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t(plan ? 'plans.editTitle' : 'plans.createTitle')} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('plans.name')}
            data-autofocus
            {...form.register('name')}
            error={fieldError('name')}
            data-testid="plan-name"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {NUMBERS.map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <NumberInput
                    label={t(`plans.${name}`)}
                    value={field.value as number | string}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    min={0}
                    allowNegative={false}
                    allowDecimal={name === 'value'}
                    decimalScale={name === 'value' ? 2 : 0}
                    decimalSeparator={name === 'value' ? ',' : undefined}
                    thousandSeparator={name === 'value' ? '.' : undefined}
                    error={fieldError(name)}
                    data-testid={`plan-${name}`}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('plans.features')}
            </Text>
            <Group>
              {FEATURES.map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <Checkbox
                      label={t(`plans.${name}`)}
                      checked={!!field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                      data-testid={`plan-${name}`}
                    />
                  )}
                />
              ))}
            </Group>
          </Stack>
          <Controller
            control={form.control}
            name="isPublic"
            render={({ field }) => (
              <Switch
                label={t('plans.isPublic')}
                description={t('plans.isPublicHint')}
                checked={!!field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="plan-isPublic"
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="plan-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
