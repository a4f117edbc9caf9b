import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ZSendTemplate, type SendTemplate, type WabaTemplate } from '@prosa/contracts';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorMessage } from '../../../shared/errors/use-error-message';
import { useFieldError } from '../../../shared/forms/use-field-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { newClientId } from '../api/use-message-actions';
import { useSendTemplate } from '../api/use-templates';
import { previewTemplate, templateSlots, type TemplateSlot } from './template-fill';

interface Values {
  templateId: number;
  parameters: string[];
}

/** The customer's view of the template: header, body, footer and buttons, as filled so far. */
function TemplatePreviewCard({ template, values }: { template: WabaTemplate; values: string[] }) {
  const preview = previewTemplate(template.components, values);
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-green-light)" data-testid="template-preview">
      <Stack gap={4}>
        {preview.header && (
          <Text fw={700} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {preview.header}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview-body">
          {preview.body}
        </Text>
        {preview.footer && (
          <Text size="xs" c="dimmed">
            {preview.footer}
          </Text>
        )}
        {preview.buttons.length > 0 && (
          <Group gap={6} mt={4}>
            {preview.buttons.map((b) => (
              <Badge key={b} variant="outline" color="gray" tt="none">
                {b}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Fill the variables of one template (validated with the server's ZSendTemplate) and send it. */
export function TemplateForm({
  ticketId,
  template,
  onBack,
  onSent,
}: {
  ticketId: number;
  template: WabaTemplate;
  onBack: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  const send = useSendTemplate(ticketId);
  const slots = useMemo(() => templateSlots(template.components), [template.components]);
  // One key per form: a retry after a lost answer is the same send, stored once.
  const [clientId] = useState(newClientId);
  const form = useForm<Values>({
    resolver: zodResolver(ZSendTemplate) as unknown as Resolver<Values>,
    defaultValues: { templateId: template.id, parameters: slots.map(() => '') },
  });
  const fieldError = useFieldError(form.formState.errors);
  const values = form.watch('parameters');
  const label = (slot: TemplateSlot) => {
    const variable = `{{${slot.name}}}`;
    if (slot.part === 'header') return t('desk.templates.header', { variable });
    if (slot.part === 'button') return t('desk.templates.button', { variable, button: slot.button });
    return t('desk.templates.body', { variable });
  };

  const onSubmit = form.handleSubmit((body) =>
    send.mutate(
      { ...(body as SendTemplate), clientId },
      {
        onSuccess: () => {
          notifySuccess(t('desk.templates.sent'));
          onSent();
        },
        onError: (err) => {
          if (!(err instanceof ApiError) || err.code !== 'ERR_VALIDATION' || !err.fields) return;
          Object.entries(err.fields).forEach(([field, key]) =>
            form.setError(field as Path<Values>, { type: 'server', message: key }),
          );
        },
      },
    ),
  );
  const fieldsMarked = send.error instanceof ApiError && send.error.code === 'ERR_VALIDATION' && !!send.error.fields;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="template-form" data-name={template.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text fw={600} truncate>
              {template.name}
            </Text>
            <Badge variant="light" color="gray" size="sm" tt="none">
              {template.language}
            </Badge>
          </Group>
          <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
            {t('desk.templates.back')}
          </Button>
        </Group>
        <Divider label={t('desk.templates.variables')} labelPosition="left" />
        {slots.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('desk.templates.noVariables')}
          </Text>
        ) : (
          slots.map((slot, i) => (
            <TextInput
              key={`${slot.part}-${slot.button ?? 0}-${slot.name}`}
              label={label(slot)}
              withAsterisk
              maxLength={1024}
              data-autofocus={i === 0 || undefined}
              {...form.register(`parameters.${i}`)}
              error={fieldError(`parameters.${i}`) ?? (i === 0 ? fieldError('parameters') : undefined)}
              data-testid={`template-param-${i}`}
            />
          ))
        )}
        <Divider label={t('desk.templates.preview')} labelPosition="left" />
        <TemplatePreviewCard template={template} values={values} />
        {send.error && !fieldsMarked && (
          <Alert color="red" variant="light" data-testid="template-send-error">
            {message(send.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={send.isPending}
            data-testid="template-send"
          >
            {t('desk.templates.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
