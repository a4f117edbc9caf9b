import { Text } from '@mantine/core';
import type { Reseller } from '@prosa/contracts';
import { IconKey } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn, RowAction } from '../../shared/crud/types';
import { ResellerFormModal } from './reseller-form-modal';
import { ResellerTokensModal } from './reseller-tokens-modal';
import { useDeleteReseller, useResellers } from './use-resellers';

const rowAttrs = (r: Reseller) => ({ 'data-name': r.name });

const COLUMNS: CrudColumn<Reseller>[] = [
  {
    key: 'name',
    header: 'resellers.fields.name',
    render: (r) => (
      <Text fw={600} size="sm">
        {r.name}
      </Text>
    ),
  },
  { key: 'email', header: 'resellers.fields.email', render: (r) => <Text size="sm">{r.email || '—'}</Text> },
  {
    key: 'tokens',
    header: 'resellers.activeTokens',
    align: 'right',
    testId: 'reseller-row-tokens',
    render: (r) => r.activeTokens,
  },
  {
    key: 'companies',
    header: 'resellers.companies',
    align: 'right',
    testId: 'reseller-row-companies',
    render: (r) => r.companies,
  },
];

/** Operator: resellers and their sign-up tokens (SPEC §6 setup token). */
export function ResellersPage() {
  const { t } = useTranslation();
  const resellers = useResellers();
  const remove = useDeleteReseller();
  const [tokensOf, setTokensOf] = useState<Reseller | null>(null);
  const actions = useMemo<RowAction<Reseller>[]>(
    () => [
      {
        key: 'tokens',
        label: 'resellers.tokens',
        icon: <IconKey size={16} />,
        onClick: setTokensOf,
        testId: 'reseller-tokens-open',
      },
    ],
    [],
  );
  return (
    <>
      <CrudPage
        testId="reseller"
        texts={{
          title: 'resellers.title',
          subtitle: 'resellers.subtitle',
          add: 'resellers.add',
          deleteTitle: 'resellers.deleteTitle',
          deleteConfirm: 'resellers.deleteConfirm',
          deleted: 'resellers.deleted',
        }}
        query={resellers}
        rows={resellers.data ?? []}
        columns={COLUMNS}
        rowAttrs={rowAttrs}
        actions={actions}
        empty={{ title: t('resellers.empty') }}
        remove={remove}
        renderForm={(slot) => <ResellerFormModal {...slot} />}
      />
      <ResellerTokensModal reseller={tokensOf} onClose={() => setTokensOf(null)} />
    </>
  );
}
