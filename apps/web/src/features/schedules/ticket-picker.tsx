import { Select } from '@mantine/core';
import type { ZTicketList } from '@prosa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http } from '../../shared/api/client';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';

type TicketList = z.infer<typeof ZTicketList>;

/**
 * A ticket the user may see (open or pending), searched by contact: the schedules form on
 * /agendamentos, where no conversation is open. The server checks the ticket again.
 */
export function TicketPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const { value: typed, setValue: setTyped, debounced } = useDebouncedSearch(300, 2);
  // The picked ticket stays an option while the search moves on (its label becomes the search text).
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const search = picked && typed === picked.label ? '' : debounced;
  const list = useQuery({
    queryKey: ['schedules', 'ticket-picker', search],
    queryFn: () =>
      http.get<TicketList>('/tickets', { query: { searchParam: search, status: 'open,pending', showAll: true } }),
    placeholderData: keepPreviousData,
  });
  const found = (list.data?.tickets ?? []).map((tk) => ({ value: String(tk.id), label: `${tk.contact.name} · #${tk.id}` }));
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  return (
    <Select
      label={t('schedules.fields.ticket')}
      placeholder={t('schedules.fields.ticketPlaceholder')}
      withAsterisk
      searchable
      clearable
      data={data}
      value={value ? String(value) : null}
      onChange={(v, option) => {
        setPicked(v ? option : null);
        onChange(v ? Number(v) : null);
      }}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options }) => options}
      nothingFoundMessage={t('schedules.fields.noTickets')}
      error={error}
      data-testid="schedule-ticket"
    />
  );
}
