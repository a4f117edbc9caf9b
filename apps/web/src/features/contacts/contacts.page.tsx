import { Button, MultiSelect } from '@mantine/core';
import type { Contact } from '@prosa/contracts';
import { IconDownload, IconMessagePlus, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { landingPath } from '../../shared/auth/session';
import { useSession } from '../../shared/auth/use-session';
import { CrudPage } from '../../shared/crud/crud-page';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import type { RowAction } from '../../shared/crud/types';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { toastError } from '../../shared/errors/toast-error';
import { connectSocket } from '../../shared/realtime/socket';
import { notifyNotice } from '../../shared/ui/notify';
import { useStartConversation } from '../attendance/api/use-ticket-actions';
import { TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { ContactFormModal } from './contact-form-modal';
import { ContactImportModal } from './contact-import-modal';
import { CONTACT_COLUMNS, contactRowAttrs } from './contacts-columns';
import { contactKeys, exportContacts, MIN_SEARCH, useContactList, useDeleteContact } from './use-contacts';

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
  const search = useDebouncedSearch(350, MIN_SEARCH);
  const [tagsIds, setTagsIds] = useState<number[]>([]);
  const list = useContactList({ searchParam: search.debounced, tagsIds });
  const tags = useColorItems(TAGS_RESOURCE);
  const remove = useDeleteContact();
  const start = useStartConversation();
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const contacts = useMemo(() => (list.data?.pages ?? []).flatMap((p) => p.contacts), [list.data]);

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

  const startMutate = start.mutate;
  const startingId = start.isPending ? (start.variables ?? null) : null;
  const actions = useMemo<RowAction<Contact>[]>(
    () => [
      {
        key: 'start',
        label: 'contacts.startChat',
        icon: <IconMessagePlus size={18} />,
        color: 'prosa',
        onClick: (c) => startMutate(c.id, { onError: toastError }),
        loading: (c) => c.id === startingId,
        testId: 'contact-start',
      },
    ],
    [startMutate, startingId],
  );

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
  const headerActions = manage && (
    <>
      <Button
        variant="default"
        leftSection={<IconUpload size={16} />}
        onClick={() => setImportOpen(true)}
        data-testid="contact-import"
      >
        {t('contacts.import')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={exporting}
        onClick={() => void doExport()}
        data-testid="contact-export"
      >
        {t('contacts.export')}
      </Button>
    </>
  );
  const count = list.data?.pages[0]?.count;
  const toolbar = (
    <CrudToolbar testId="contact" count={count === undefined ? undefined : t('contacts.count', { count })}>
      <SearchBox
        label={t('contacts.search')}
        hint={search.tooShort ? t('contacts.searchHint') : undefined}
        value={search.value}
        onChange={search.setValue}
        testId="contact-search"
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
    </CrudToolbar>
  );

  return (
    <>
      <CrudPage
        testId="contact"
        texts={{
          title: 'contacts.title',
          subtitle: 'contacts.subtitle',
          add: 'contacts.add',
          deleteTitle: 'contacts.deleteTitle',
          deleteConfirm: 'contacts.deleteConfirm',
          deleted: 'contacts.deleted',
        }}
        headerActions={headerActions}
        toolbar={toolbar}
        query={list}
        holding={denied}
        rows={contacts}
        columns={CONTACT_COLUMNS}
        rowAttrs={contactRowAttrs}
        actions={actions}
        empty={{
          title: t('contacts.empty'),
          hint: search.debounced || tagsIds.length ? undefined : t('contacts.emptyHint'),
        }}
        loadMore={list}
        remove={remove}
        // A refusal (ERR_CONTACT_TICKETS_REGISTERED) stays in the dialog, where the user is looking.
        deleteErrorInDialog
        renderForm={({ item, ...slot }) => <ContactFormModal {...slot} contact={item} />}
      />
      <ContactImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}
