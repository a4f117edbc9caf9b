import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { ZChatFlowInput, type ChatFlowSummary } from '@prosa/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { handleFormError } from '../../../shared/forms/server-errors';
import { useFieldError } from '../../../shared/forms/use-field-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateChatFlow, useUpdateChatFlow } from '../api/use-chat-flows';
import { emptyGraph } from '../builder/graph';
import { builderPath } from '../paths';

/** The flow's own fields; the graph starts as the start and configurations nodes. */
const ZNewFlow = ZChatFlowInput.omit({ flow: true });
type NewFlowValues = z.input<typeof ZNewFlow>;
const FIELDS = ['name', 'description', 'isActive', 'availableForTransfer', 'availableInCrm', 'testNumber'];

const initial: NewFlowValues = {
  name: '',
  description: '',
  isActive: true,
  availableForTransfer: false,
  availableInCrm: false,
  testNumber: '',
};

function valuesOf(flow: ChatFlowSummary | null): NewFlowValues {
  if (!flow) return initial;
  const { name, description, isActive, availableForTransfer, availableInCrm, testNumber } = flow;
  return { name, description, isActive, availableForTransfer, availableInCrm, testNumber };
}

/**
 * "New flow": creates it with an empty graph and opens it in the builder. With a flow: edits its
 * own fields (the graph is the builder's).
 */
export function NewFlowModal({ opened, flow, onClose }: { opened: boolean; flow?: ChatFlowSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateChatFlow();
  const update = useUpdateChatFlow();
  const editing = flow ?? null;
  const form = useForm<NewFlowValues, unknown, z.output<typeof ZNewFlow>>({
    resolver: zodResolver(ZNewFlow),
    defaultValues: valuesOf(editing),
  });
  const fieldError = useFieldError(form.formState.errors);

  useEffect(() => {
    if (opened) form.reset(valuesOf(editing));
  }, [opened, editing, form]);

  const onSubmit = form.handleSubmit((values) =>
    editing
      ? update.mutate(
          { id: editing.id, values },
          {
            onSuccess: () => {
              notifySuccess(t('chatbot.flows.updated'));
              onClose();
            },
            onError: (err) => handleFormError(err, form.setError, FIELDS),
          },
        )
      : create.mutate(
      { ...values, flow: emptyGraph() },
      {
        onSuccess: (flow) => {
          notifySuccess(t('chatbot.flows.created'));
          onClose();
          void navigate(builderPath(flow.id));
        },
        onError: (err) => handleFormError(err, form.setError, FIELDS),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? editing.name : t('chatbot.flows.newTitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('chatbot.flows.name')}
            data-autofocus
            {...form.register('name')}
            error={fieldError('name')}
            data-testid="flow-name"
          />
          <Textarea
            label={t('chatbot.flows.description')}
            autosize
            minRows={2}
            {...form.register('description')}
            error={fieldError('description')}
            data-testid="flow-description"
          />
          <Switch label={t('chatbot.flows.active')} {...form.register('isActive')} data-testid="flow-active" />
          <Switch
            label={t('chatbot.flows.availableForTransfer')}
            {...form.register('availableForTransfer')}
            data-testid="flow-transfer"
          />
          <Switch label={t('chatbot.flows.availableInCrm')} {...form.register('availableInCrm')} data-testid="flow-crm" />
          <TextInput
            label={t('chatbot.flows.testNumber')}
            description={t('chatbot.flows.testNumberHint')}
            inputMode="tel"
            {...form.register('testNumber')}
            error={fieldError('testNumber')}
            data-testid="flow-test-number"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="flow-submit">
              {editing ? t('common.save') : t('chatbot.flows.createAndOpen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
