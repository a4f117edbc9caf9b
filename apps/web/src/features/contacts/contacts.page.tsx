import { Button, Center, Group, Loader, MultiSelect, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Contact } from '@prosa/contracts';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { landingPath } from '../../shared/auth/session';
import { useSession } from '../../shared/auth/use-session';
import { toastError } from '../../shared/errors/toast-error';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { connectSocket } from '../../shared/realtime/socket';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifyNotice, notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { useStartConversation } from '../attendance/api/use-ticket-actions';
import { TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { ContactFormModal } from './contact-form-modal';
import { ContactImportModal } from './contact-import-modal';
import { ContactsTable } from './contacts-table';
import {
  contactKeys,
  effectiveSearch,
  exportContacts,
  MIN_SEARCH,
  useContactList,
  useDeleteContact,
} from './use-contacts';

/**
 * Import and export answer only at the routes' `supervisor` level (admin, supervisor, queue
 * supervisor). The list carries no `can` for them, so the same profiles see the buttons; the
 * server still decides.
 */
const mayImportExport = (profile: string | undefined) =>
  profile === 'admin' || profile === 'supervisor' || profile === 'supervisorfila';

export function ContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const session = useSession();
  const { message } = useErrorMessage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(effectiveSearch(search), 350);
  const [tagsIds, setTagsIds] = useState<number[]>([]);
  const list = useContactList({ searchParam: debounced, tagsIds });
  const tags = useColorItems(TAGS_RESOURCE);
  const remove = useDeleteContact();
  const start = useStartConversation();
  const [editing, setEditing] = useState<Contact | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const contacts = useMemo(() => (list.data?.pages ?? []).flatMap((p) => p.contacts), [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // With `ContactAdmin` on, only admins reach contacts: leave quietly for the landing page.
  const denied = list.error instanceof ApiError && list.error.code === 'ERR_NO_PERMISSION';
  useEffect(() => {
    if (!denied) return;
    notifyNotice('contacts-denied', t('contacts.noPermission'), 'orange');
    void navigate(landingPath(session?.profile), { replace: true });
  }, [denied, navigate, session?.profile, t]);

  // Contact events carry ids only: the list is read again through the route (its rules apply).
  useEffect(() => {
    const socket = connectSocket();
    const onContact = () => void qc.invalidateQueries({ queryKey: contactKeys.all });
    socket.on('contact', onContact);
    return () => void socket.off('contact', onContact);
  }, [qc]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const io = new IntersectionObserver(
      (e) => e.some((x) => x.isIntersecting) && !isFetchingNextPage && void fetchNextPage(),
    );
    io.observe(node);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, contacts.length]);

  const onEdit = useCallback((c: Contact | null) => {
    setEditing(c);
    setFormOpen(true);
  }, []);
  const startMutate = start.mutate;
  const onStart = useCallback((c: Contact) => startMutate(c.id, { onError: toastError }), [startMutate]);
  const askDelete = useCallback((c: Contact | null) => {
    setDeleteError(null);
    setDeleting(c);
  }, []);
  // A refusal (ERR_CONTACT_TICKETS_REGISTERED) stays in the dialog, where the user is looking.
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('contacts.deleted'));
        setDeleting(null);
      },
      onError: (err) => setDeleteError(message(err)),
    });
  const doExport = async () => {
    setExporting(true);
    try {
      await exportContacts(t('contacts.exportFileName'));
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  const manage = mayImportExport(session?.profile);
  const actions = (
    <>
      {manage && (
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          onClick={() => setImportOpen(true)}
          data-testid="contact-import"
        >
          {t('contacts.import')}
        </Button>
      )}
      {manage && (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={() => void doExport()}
          data-testid="contact-export"
        >
          {t('contacts.export')}
        </Button>
      )}
      <Button leftSection={<IconPlus size={16} />} onClick={() => onEdit(null)} data-testid="contact-add">
        {t('contacts.add')}
      </Button>
    </>
  );
  const count = list.data?.pages[0]?.count;

  return (
    <>
      <PageHeader title={t('contacts.title')} subtitle={t('contacts.subtitle')} actions={actions} />
      <Paper p="md" mb="md">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Group wrap="wrap" align="flex-start">
            <TextInput
              placeholder={t('contacts.search')}
              aria-label={t('contacts.search')}
              description={
                search.trim().length > 0 && search.trim().length < MIN_SEARCH ? t('contacts.searchHint') : undefined
              }
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
              data-testid="contact-search"
            />
            <MultiSelect
              placeholder={tagsIds.length ? undefined : t('contacts.tagsFilter')}
              aria-label={t('contacts.tagsFilter')}
              data={(tags.data ?? []).map((tg) => ({ value: String(tg.id), label: tg.name }))}
              value={tagsIds.map(String)}
              onChange={(v) => setTagsIds(v.map(Number))}
              clearable
              searchable
              w={{ base: '100%', sm: 280 }}
              data-testid="contact-tags-filter"
            />
          </Group>
          {count !== undefined && (
            <Text size="sm" c="dimmed" mt={8} data-testid="contact-count">
              {t('contacts.count', { count })}
            </Text>
          )}
        </Group>
      </Paper>
      <Paper p={0}>
        {list.isPending || denied ? (
          <LoadingBlock />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : contacts.length === 0 ? (
          <EmptyState
            title={t('contacts.empty')}
            hint={debounced || tagsIds.length ? undefined : t('contacts.emptyHint')}
          />
        ) : (
          <ContactsTable
            contacts={contacts}
            startingId={start.isPending ? (start.variables ?? null) : null}
            onEdit={onEdit}
            onDelete={askDelete}
            onStart={onStart}
          />
        )}
        <div ref={sentinel} style={{ height: 1 }} />
        {isFetchingNextPage && (
          <Center py="sm">
            <Loader size="sm" />
          </Center>
        )}
      </Paper>
      <ContactFormModal opened={formOpen} contact={editing} onClose={() => setFormOpen(false)} />
      <ContactImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('contacts.deleteTitle')}
        message={t('contacts.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => askDelete(null)}
        error={deleteError}
      />
    </>
  );
}
