import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ZContactInput } from '@prosa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** The contact form as a custom field of shared/crud sees it (it registers inputs, never submits). */
type Form = UseFormReturn<z.input<typeof ZContactInput>>;

/** Key/value rows of a contact's extra information (usable as {{key}} variables in messages). */
export function ContactExtraInfo({
  form,
  fieldError,
}: {
  form: Form;
  fieldError: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'extraInfo' });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('contacts.extraInfo')}
      </Text>
      {fields.map((field, i) => (
        <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="contact-extra-row">
          <TextInput
            placeholder={t('contacts.extraName')}
            aria-label={t('contacts.extraName')}
            style={{ flex: 1 }}
            {...form.register(`extraInfo.${i}.name`)}
            error={fieldError(`extraInfo.${i}.name`)}
            data-testid="contact-extra-name"
          />
          <TextInput
            placeholder={t('contacts.extraValue')}
            aria-label={t('contacts.extraValue')}
            style={{ flex: 2 }}
            {...form.register(`extraInfo.${i}.value`)}
            error={fieldError(`extraInfo.${i}.value`)}
            data-testid="contact-extra-value"
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            onClick={() => remove(i)}
            aria-label={t('contacts.removeExtra')}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => append({ name: '', value: '' })}
        style={{ alignSelf: 'flex-start' }}
        data-testid="contact-extra-add"
      >
        {t('contacts.addExtra')}
      </Button>
    </Stack>
  );
}
