import { Badge, Text } from '@mantine/core';
import type { FarewellMessage } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import type { CrudColumn } from '../../shared/crud/types';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { FarewellFormModal } from './farewell-form-modal';
import { FAREWELLS_PAGE_SIZE, useDeleteFarewell, useFarewellPage } from './use-farewells';

const rowAttrs = (f: FarewellMessage) => ({ 'data-title': f.title });
const rowName = (f: FarewellMessage) => f.title;

function Visibility({ f }: { f: FarewellMessage }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={f.showForAll ? 'teal' : 'gray'}>
      {f.showForAll ? t('farewells.shared') : t('farewells.private')}
    </Badge>
  );
}

const COLUMNS: CrudColumn<FarewellMessage>[] = [
  {
    key: 'title',
    header: 'farewells.titleField',
    render: (f) => (
      <Text fw={600} size="sm">
        {f.title}
      </Text>
    ),
  },
  {
    key: 'message',
    header: 'farewells.message',
    render: (f) => (
      <Text size="sm" lineClamp={2} maw={480} style={{ whiteSpace: 'pre-wrap' }}>
        {f.message}
      </Text>
    ),
  },
  { key: 'visibility', header: 'farewells.visibility', render: (f) => <Visibility f={f} /> },
];

/** /despedida: farewell texts to pick when closing a ticket, the user's own and the shared ones. */
export function FarewellsPage() {
  const { t } = useTranslation();
  const search = useDebouncedSearch(300);
  const [page, setPage] = useState(1);
  const list = useFarewellPage(search.debounced, page);
  const remove = useDeleteFarewell();
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / FAREWELLS_PAGE_SIZE));

  const toolbar = (
    <CrudToolbar testId="farewell">
      <SearchBox
        label={t('farewells.search')}
        value={search.value}
        onChange={(v) => {
          search.setValue(v);
          setPage(1);
        }}
        testId="farewell-search"
      />
    </CrudToolbar>
  );

  return (
    <CrudPage
      testId="farewell"
      texts={{
        title: 'farewells.title',
        subtitle: 'farewells.subtitle',
        add: 'farewells.add',
        deleteTitle: 'farewells.deleteTitle',
        deleteConfirm: 'farewells.deleteConfirm',
        deleted: 'farewells.deleted',
      }}
      toolbar={toolbar}
      query={list}
      rows={list.data?.farewellMessages ?? []}
      columns={COLUMNS}
      rowAttrs={rowAttrs}
      rowName={rowName}
      empty={{ title: t('farewells.empty'), hint: t('farewells.emptyHint') }}
      paging={{ page, total: pages, onChange: setPage }}
      remove={remove}
      renderForm={(slot) => <FarewellFormModal {...slot} />}
    />
  );
}
