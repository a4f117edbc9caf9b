import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LIMITS } from '@prosa/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useContactList } from '../../contacts/use-contacts';
import { useForwardMessages } from '../api/use-message-actions';

/** Forward the selected messages (up to 10) to up to 5 contacts (SPEC §5). */
export function ForwardModal({
  messageIds,
  opened,
  onClose,
  onDone,
}: {
  messageIds: number[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const forward = useForwardMessages();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<{ value: string; label: string }[]>([]);
  const term = debounced.length >= 2 ? debounced : '';
  const contacts = useContactList({ searchParam: term, tagsIds: [] }, opened);
  const options = useMemo(() => {
    const found = (contacts.data?.pages ?? [])
      .flatMap((p) => p.contacts)
      .map((c) => ({ value: String(c.id), label: c.number ? `${c.name} · ${c.number}` : c.name }));
    const merged = new Map([...picked, ...found].map((o) => [o.value, o]));
    return [...merged.values()];
  }, [contacts.data, picked]);

  const submit = () =>
    forward.mutate(
      { messageIds, contactIds: picked.map((p) => Number(p.value)) },
      {
        onSuccess: () => {
          notifySuccess(t('desk.forward.done'));
          setPicked([]);
          onDone();
        },
        onError: toastError,
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title={t('desk.forward.title')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('desk.forward.selected', { count: messageIds.length })}
        </Text>
        <MultiSelect
          label={t('desk.forward.contacts', { max: LIMITS.forwardContacts })}
          placeholder={t('desk.forward.search')}
          data={options}
          value={picked.map((p) => p.value)}
          onChange={(values) => setPicked(values.map((v) => options.find((o) => o.value === v)!).filter(Boolean))}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: opts }) => opts}
          maxValues={LIMITS.forwardContacts}
          hidePickedOptions
          nothingFoundMessage={term ? t('contacts.empty') : t('contacts.searchHint')}
          data-testid="forward-contacts"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={forward.isPending}
            disabled={picked.length === 0}
            data-testid="forward-send"
          >
            {t('desk.forward.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
