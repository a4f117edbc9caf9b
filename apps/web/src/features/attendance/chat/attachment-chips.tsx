import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { IconFile, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const iconOf = (type: string) =>
  type.startsWith('image/')
    ? IconPhoto
    : type.startsWith('audio/')
      ? IconMusic
      : type.startsWith('video/')
        ? IconMovie
        : IconFile;

/** The files about to be sent, each with its size and a remove button. */
export function AttachmentChips({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} px="md" pt="xs" data-testid="composer-files">
      {files.map((f, i) => {
        const Icon = iconOf(f.type);
        return (
          <Badge
            key={`${f.name}${i}`}
            variant="light"
            color="gray"
            size="lg"
            radius="sm"
            tt="none"
            leftSection={<Icon size={14} />}
            rightSection={
              <CloseButton size="xs" onClick={() => onRemove(i)} aria-label={t('desk.composer.removeFile')} />
            }
            styles={{ label: { maxWidth: 200 } }}
          >
            <Text span size="xs" truncate>
              {f.name} · {formatBytes(f.size)}
            </Text>
          </Badge>
        );
      })}
    </Group>
  );
}
