import { Button, Chip, FileInput, Group, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  SCHEDULE_PERIODS,
  ZScheduleCreateForm,
  ZScheduleForm,
  type ScheduleItem,
  type SchedulePeriod,
} from '@prosa/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FieldContext, FormBlock } from '../../shared/crud/form-types';
import { QUICK_OPTIONS, quickSendAt, type QuickOption } from './schedule-quick';
import { TicketPicker } from './ticket-picker';
import { useSaveSchedule, type ScheduleSave } from './use-schedules';

interface Values {
  ticketId: number | '';
  body: string;
  sendAt: string;
  repeatCount: number | string;
  repeatPeriod: string;
  hasFile: boolean;
}
type Out = Omit<Values, 'repeatPeriod' | 'repeatCount' | 'ticketId'> & {
  ticketId?: number;
  repeatCount: number;
  repeatPeriod?: SchedulePeriod;
};

export interface ScheduleFormProps {
  opened: boolean;
  onClose: () => void;
  /** The schedule to edit (only pending ones are offered for editing). */
  item: ScheduleItem | null;
  /** Creating from a conversation: its ticket, fixed. Without it the form asks for one. */
  ticketId?: number;
  /** Creating from the composer: its text and the quick option picked. */
  preset?: { body?: string; option?: QuickOption };
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

function SendAtField({ ctx, initialOption }: { ctx: FieldContext<Values>; initialOption?: QuickOption }) {
  const { t } = useTranslation();
  const [option, setOption] = useState<QuickOption>(initialOption ?? 'custom');
  return (
    <Controller
      control={ctx.form.control}
      name="sendAt"
      render={({ field }) => (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('schedules.fields.sendAt')} <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
          </Text>
          <Chip.Group
            value={option}
            onChange={(v) => {
              const picked = v as QuickOption;
              setOption(picked);
              const at = quickSendAt(picked);
              if (at) field.onChange(at);
            }}
          >
            <Group gap={6}>
              {QUICK_OPTIONS.map((o) => (
                <Chip key={o} value={o} size="xs" data-testid={`schedule-quick-${o}`}>
                  {t(`schedules.quick.${o}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <DateTimePicker
            aria-label={t('schedules.fields.sendAt')}
            valueFormat="DD/MM/YYYY HH:mm"
            minDate={dayjs().format('YYYY-MM-DD')}
            value={field.value ? dayjs(field.value).format(FORMAT) : null}
            onChange={(v) => {
              setOption('custom');
              field.onChange(v ? dayjs(v).toISOString() : '');
            }}
            error={ctx.fieldError('sendAt')}
            data-testid="schedule-sendAt"
            clearable
            clearButtonProps={{ 'aria-label': t('schedules.fields.clear') }}
          />
        </Stack>
      )}
    />
  );
}

/** Create or edit a scheduled message with the schema the server validates with (ZScheduleForm). */
export function ScheduleFormModal({ opened, onClose, item, ticketId, preset }: ScheduleFormProps) {
  const { t } = useTranslation();
  const save = useSaveSchedule();
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const picksTicket = !item && !ticketId;
  useEffect(() => {
    if (opened) {
      setFile(null);
      setRemoveFile(false);
    }
  }, [opened]);
  const storedFile = item?.mediaName && !removeFile ? item.mediaName : null;

  const blocks = useMemo((): FormBlock<Values>[] => {
    const fileField: FormBlock<Values>['fields'][number] = {
      kind: 'custom',
      key: 'file',
      names: ['file'],
      render: (ctx) => (
        <Stack gap={4}>
          <FileInput
            label={t('schedules.fields.file')}
            leftSection={<IconPaperclip size={16} />}
            // A description, not a placeholder: Mantine draws this one as faint text (contrast).
            description={storedFile ?? t('schedules.fields.filePlaceholder')}
            value={file}
            clearable
            clearButtonProps={{ 'aria-label': t('schedules.fields.clear') }}
            onChange={(f) => {
              setFile(f);
              ctx.form.setValue('hasFile', !!f || !!storedFile);
            }}
            error={ctx.fieldError('file')}
            data-testid="schedule-file"
          />
          {storedFile && !file && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              w="fit-content"
              onClick={() => {
                setRemoveFile(true);
                ctx.form.setValue('hasFile', false);
              }}
              data-testid="schedule-remove-file"
            >
              {t('schedules.removeFile', { name: storedFile })}
            </Button>
          )}
        </Stack>
      ),
    };
    return [
      ...(picksTicket
        ? [
            {
              key: 'ticket',
              fields: [
                {
                  kind: 'custom' as const,
                  key: 'ticketId',
                  names: ['ticketId'],
                  render: (ctx: FieldContext<Values>) => (
                    <Controller
                      control={ctx.form.control}
                      name="ticketId"
                      render={({ field }) => (
                        <TicketPicker
                          value={field.value || null}
                          onChange={(v) => field.onChange(v ?? '')}
                          error={ctx.fieldError('ticketId')}
                        />
                      )}
                    />
                  ),
                },
              ],
            },
          ]
        : []),
      {
        key: 'message',
        fields: [{ kind: 'textarea', name: 'body', label: 'schedules.fields.body', minRows: 3, maxRows: 8 }, fileField],
      },
      {
        key: 'when',
        fields: [
          {
            kind: 'custom',
            key: 'sendAt',
            names: ['sendAt'],
            render: (ctx) => <SendAtField ctx={ctx} initialOption={item ? 'custom' : preset?.option} />,
          },
        ],
      },
      {
        key: 'repeat',
        cols: 2,
        fields: [
          {
            kind: 'number',
            name: 'repeatCount',
            label: 'schedules.fields.repeatCount',
            description: 'schedules.fields.repeatCountHint',
            min: 0,
          },
          {
            kind: 'select',
            name: 'repeatPeriod',
            label: 'schedules.fields.repeatPeriod',
            clearable: true,
            options: SCHEDULE_PERIODS.map((p) => ({ value: p, label: t(`schedules.period.${p}`) })),
          },
        ],
      },
    ];
  }, [t, file, storedFile, picksTicket, item, preset?.option]);

  return (
    <CrudFormModal<Values, Out, ScheduleItem, ScheduleSave>
      opened={opened}
      onClose={onClose}
      item={item}
      testId="schedule"
      titles={{ create: 'schedules.create', edit: 'schedules.edit' }}
      saved={{ create: 'schedules.saved', edit: 'schedules.updated' }}
      schema={picksTicket ? ZScheduleCreateForm : ZScheduleForm}
      size="lg"
      initialValues={(s) => ({
        ticketId: s?.ticketId ?? ticketId ?? '',
        body: s?.body ?? preset?.body ?? '',
        sendAt: s?.sendAt ?? (preset?.option ? (quickSendAt(preset.option) ?? '') : ''),
        repeatCount: s?.repeatCount ?? 0,
        repeatPeriod: s?.repeatPeriod ?? '',
        hasFile: !!s?.mediaName,
      })}
      blocks={blocks}
      save={save}
      toPayload={(v) => ({
        ticketId: item ? undefined : (v.ticketId ?? ticketId),
        body: v.body,
        sendAt: v.sendAt,
        repeatCount: v.repeatCount,
        repeatPeriod: v.repeatPeriod,
        file,
        removeFile: removeFile && !file,
      })}
    />
  );
}
