import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import type { CampaignContactsAdd, CampaignContactsAdded } from '@prosa/contracts';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { notifySuccess } from '../../shared/ui/notify';
import { TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { MIN_SEARCH, useContactList } from '../contacts/use-contacts';
import { useAllUsers } from '../users/use-all-users';
import { useLanes } from '../kanban/use-kanban';
import { useAddCampaignContacts } from './use-campaigns';

/** The ways the API links contacts. */
const MODES = ['contacts', 'tag', 'wallet', 'lane', 'csv'] as const;
type Mode = (typeof MODES)[number];

/** Add contacts to a pending or cancelled campaign: picked, by tag, by wallet, by CRM lane or from a CSV. */
export function AddContactsModal({
  campaignId,
  opened,
  onClose,
}: {
  campaignId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  const add = useAddCampaignContacts();
  const [mode, setMode] = useState<Mode>('contacts');
  const [picked, setPicked] = useState<string[]>([]);
  const [pickedLabels, setPickedLabels] = useState<Map<string, string>>(new Map());
  const [tagId, setTagId] = useState<string | null>(null);
  const [walletId, setWalletId] = useState<string | null>(null);
  const [laneId, setLaneId] = useState<string | null>(null);
  const [csv, setCsv] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = useDebouncedSearch(300, MIN_SEARCH);
  const contacts = useContactList({ searchParam: search.debounced, tagsIds: [] }, opened && mode === 'contacts');
  const tags = useColorItems(TAGS_RESOURCE);
  const users = useAllUsers(opened && mode === 'wallet');
  const lanes = useLanes(opened && mode === 'lane');
  useEffect(() => {
    if (!opened) return;
    setPicked([]);
    setPickedLabels(new Map());
    setTagId(null);
    setWalletId(null);
    setLaneId(null);
    setCsv(null);
    setError(null);
  }, [opened]);

  // The picked contacts stay in the options while the search shows others.
  const contactOptions = useMemo(() => {
    const found = (contacts.data?.pages ?? [])
      .flatMap((p) => p.contacts)
      .map((c) => ({ value: String(c.id), label: `${c.name} (${c.number})` }));
    const seen = new Set(found.map((o) => o.value));
    return [...found, ...[...pickedLabels].filter(([v]) => !seen.has(v)).map(([value, label]) => ({ value, label }))];
  }, [contacts.data, pickedLabels]);

  const ready =
    (mode === 'contacts' && picked.length > 0) ||
    (mode === 'tag' && !!tagId) ||
    (mode === 'wallet' && !!walletId) ||
    (mode === 'lane' && !!laneId) ||
    (mode === 'csv' && !!csv);
  const submit = () => {
    const body: CampaignContactsAdd | undefined =
      mode === 'contacts'
        ? { contactIds: picked.map(Number) }
        : mode === 'tag'
          ? { tagId: Number(tagId) }
          : mode === 'wallet'
            ? { walletUserId: Number(walletId) }
            : mode === 'lane'
              ? { crmLaneId: Number(laneId) }
              : undefined;
    add.mutate(
      { id: campaignId, add: body, csv: mode === 'csv' ? (csv ?? undefined) : undefined },
      {
        onSuccess: (r: CampaignContactsAdded) => {
          notifySuccess(t('campaigns.added', { added: r.added, existing: r.existing, rejected: r.rejected.length }));
          onClose();
        },
        onError: (err) => setError(message(err)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('campaigns.addContacts')}
      size="lg"
      data-testid="campaign-add-contacts-modal"
    >
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(v) => {
            setMode(v as Mode);
            setError(null);
          }}
          data={MODES.map((m) => ({ value: m, label: t(`campaigns.addBy.${m}`) }))}
          data-testid="campaign-add-mode"
        />
        {mode === 'contacts' && (
          <MultiSelect
            label={t('campaigns.pickContacts')}
            placeholder={t('campaigns.pickContactsSearch')}
            searchable
            searchValue={search.value}
            onSearchChange={search.setValue}
            filter={({ options }) => options}
            data={contactOptions}
            value={picked}
            onChange={(v) => {
              setPicked(v);
              setPickedLabels(new Map(v.map((id) => [id, contactOptions.find((o) => o.value === id)?.label ?? id])));
            }}
            data-testid="campaign-add-contacts"
          />
        )}
        {mode === 'tag' && (
          <Select
            label={t('campaigns.pickTag')}
            data={(tags.data ?? []).map((tg) => ({ value: String(tg.id), label: tg.name }))}
            value={tagId}
            onChange={setTagId}
            searchable
            data-testid="campaign-add-tag"
          />
        )}
        {mode === 'wallet' && (
          <Select
            label={t('campaigns.pickWallet')}
            data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={walletId}
            onChange={setWalletId}
            searchable
            data-testid="campaign-add-wallet"
          />
        )}
        {mode === 'lane' && (
          <Select
            label={t('campaigns.pickLane')}
            data={(lanes.data?.lanes ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={laneId}
            onChange={setLaneId}
            searchable
            data-testid="campaign-add-lane"
          />
        )}
        {mode === 'csv' && (
          <Stack gap={4}>
            <FileInput
              label={t('campaigns.csvFile')}
              accept=".csv,text/csv"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={csv}
              onChange={setCsv}
              clearable
              data-testid="campaign-add-csv"
            />
            <Text size="xs" c="dimmed">
              {t('campaigns.csvHint')}
            </Text>
          </Stack>
        )}
        {error && (
          <Alert color="red" data-testid="campaign-add-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={!ready} loading={add.isPending} data-testid="campaign-add-confirm">
            {t('campaigns.addContacts')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
