import {
  Alert,
  Button,
  Code,
  FileButton,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { ContactImportResult } from '@prosa/contracts';
import { IconCheck, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { translateKey } from '../../shared/i18n/i18n';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { formatBytes } from '../attendance/chat/attachment-chips';
import { IMPORT_MAX_BYTES, useImportContacts } from './use-contacts';

function Stat({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={800} fz={26} c={color} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** A reason is a `validation.*` or `import.*` key: the row's problem in the user's language. */
function reasonText(reason: string): string {
  return translateKey(reason);
}

/** CSV import (columns Nome;Numero[;Email]) with a real upload progress bar and the per-row report. */
export function ContactImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  const importer = useImportContacts();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ContactImportResult | null>(null);

  const restart = () => {
    setFile(null);
    setProgress(0);
    setProblem(null);
    setResult(null);
    importer.reset();
  };
  useEffect(() => {
    if (opened) restart();
    // Only on opening.
  }, [opened]);

  const pick = (f: File | null) => {
    setResult(null);
    setProblem(null);
    if (!f) return;
    if (!/\.csv$/i.test(f.name)) return setProblem(t('contacts.importDialog.notCsv'));
    if (f.size > IMPORT_MAX_BYTES) return setProblem(t('contacts.importDialog.tooBig'));
    setFile(f);
  };
  const upload = () => {
    if (!file) return;
    setProgress(0);
    importer.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: setResult,
        // A file without the Nome and Numero columns answers ERR_VALIDATION with fields.file = 'import.columns'.
        onError: (err) =>
          setProblem(err instanceof ApiError && err.fields?.file ? reasonText(err.fields.file) : message(err)),
      },
    );
  };
  const uploading = importer.isPending;
  const pct = Math.round(progress * 100);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contacts.importDialog.title')}
      size="lg"
      closeOnClickOutside={!uploading}
    >
      <Stack>
        {!result && (
          <>
            <Text size="sm">{t('contacts.importDialog.intro')}</Text>
            <Text size="xs" c="dimmed">
              {t('contacts.importDialog.example')}
            </Text>
            <Code block>
              {'Nome;Numero;Email\nMaria Silva;5511987654321;maria@exemplo.com\nJoão Souza;5521998765432;'}
            </Code>
            <Group justify="space-between" wrap="nowrap">
              <FileButton onChange={pick} accept=".csv,text/csv">
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconFileTypeCsv size={16} />}
                    disabled={uploading}
                    data-testid="import-pick"
                  >
                    {file ? t('contacts.importDialog.change') : t('contacts.importDialog.pick')}
                  </Button>
                )}
              </FileButton>
              {file && (
                <Text size="sm" truncate data-testid="import-file">
                  {file.name} · {formatBytes(file.size)}
                </Text>
              )}
            </Group>
            {uploading && (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {progress < 1
                    ? t('contacts.importDialog.uploading', { percent: pct })
                    : t('contacts.importDialog.processing')}
                </Text>
                <Progress
                  value={pct}
                  animated={progress >= 1}
                  size="lg"
                  radius="xl"
                  data-testid="import-progress"
                  aria-valuenow={pct}
                />
              </Stack>
            )}
            {problem && (
              <Alert color="red" variant="light" data-testid="import-error">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={uploading}>
                {t('common.cancel')}
              </Button>
              <Button
                leftSection={<IconUpload size={16} />}
                onClick={upload}
                disabled={!file}
                loading={uploading}
                data-testid="import-upload"
              >
                {t('contacts.importDialog.upload')}
              </Button>
            </Group>
          </>
        )}
        {result && (
          <Stack data-testid="import-report">
            <Group gap="xs">
              <ThemeIcon color="teal" radius="xl" size="sm">
                <IconCheck size={14} />
              </ThemeIcon>
              <Text fw={600}>{t('contacts.importDialog.done')}</Text>
            </Group>
            <SimpleGrid cols={4}>
              <Stat label={t('contacts.importDialog.total')} value={result.total} testId="import-total" />
              <Stat
                label={t('contacts.importDialog.created')}
                value={result.created}
                color="teal"
                testId="import-created"
              />
              <Stat
                label={t('contacts.importDialog.updated')}
                value={result.updated}
                color="blue"
                testId="import-updated"
              />
              <Stat
                label={t('contacts.importDialog.rejected')}
                value={result.rejected.length}
                color={result.rejected.length ? 'red' : undefined}
                testId="import-rejected-count"
              />
            </SimpleGrid>
            {result.rejected.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('contacts.importDialog.noneRejected')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480} mah={280}>
                <Table striped withTableBorder verticalSpacing={6} data-testid="import-rejected">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('contacts.importDialog.row')}</Table.Th>
                      <Table.Th>{t('contacts.name')}</Table.Th>
                      <Table.Th>{t('contacts.number')}</Table.Th>
                      <Table.Th>{t('contacts.importDialog.reason')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.rejected.map((r) => (
                      <Table.Tr key={r.row} data-testid="import-rejected-row" data-row={r.row}>
                        <Table.Td>{r.row}</Table.Td>
                        <Table.Td>{r.name}</Table.Td>
                        <Table.Td ff="monospace">{r.number}</Table.Td>
                        <Table.Td>
                          <Text size="sm" c="red" fw={500} data-testid="import-reason">
                            {reasonText(r.reason)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={restart} data-testid="import-again">
                {t('contacts.importDialog.another')}
              </Button>
              <Button onClick={onClose} data-testid="import-close">
                {t('common.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
