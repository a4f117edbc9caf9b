import { Checkbox, FileInput, Group, Stack, Text } from '@mantine/core';
import type { QuickMessage } from '@prosa/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuickMessageFormValues } from './quick-message-form-modal';

/** The quick message's file: the stored one (kept or removed) and a new one that replaces it. */
export function QuickMessageFileField({
  form,
  item,
  error,
}: {
  form: UseFormReturn<QuickMessageFormValues>;
  item: QuickMessage | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const file = form.watch('file');
  const removeFile = form.watch('removeFile');
  const stored = item?.media ?? null;
  return (
    <Stack gap={6}>
      <FileInput
        label={t('quick.file')}
        description={t('quick.fileHint')}
        placeholder={stored && !removeFile ? stored.name : t('quick.pickFile')}
        leftSection={<IconPaperclip size={16} />}
        clearable
        value={file}
        onChange={(f) => form.setValue('file', f, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        error={error}
        data-testid="quick-file"
      />
      {stored && !file && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {stored.name}
          </Text>
          <Checkbox
            size="xs"
            label={t('quick.removeFile')}
            checked={removeFile}
            onChange={(e) => form.setValue('removeFile', e.currentTarget.checked, { shouldDirty: true })}
            data-testid="quick-remove-file"
          />
        </Group>
      )}
    </Stack>
  );
}
