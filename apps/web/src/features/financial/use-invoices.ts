import type { AdminInvoiceUpdate, Invoice, InvoiceCharge, InvoicePage, InvoicePix } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../shared/api/client';
import { TENANT_DATE_QUERY_KEY } from '../../shared/api/tenant-queries';
import { connectSocket } from '../../shared/realtime/socket';

const KEY = ['invoices'] as const;

/** The company's invoices (admins). */
export function useInvoices(pageNumber: number, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'own', pageNumber],
    queryFn: () => http.get<InvoicePage>('/invoices/all', { query: { pageNumber } }),
    enabled,
  });
}

/** The Pix BR Code of one invoice, asked when its pay window opens. */
export function useInvoicePix(invoiceId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'pix', invoiceId],
    queryFn: () => http.get<InvoicePix>(`/invoices/${invoiceId}/pix`),
    enabled: invoiceId !== null,
    retry: false,
  });
}

/**
 * The active gateway's charge of one invoice (a Pix QR code or a checkout link), asked when its
 * pay window opens. The server answers the same charge while it is payable, so asking again is safe.
 */
export function useInvoiceCharge(invoiceId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'charge', invoiceId],
    queryFn: () => http.post<InvoiceCharge>(`/invoices/${invoiceId}/charge`),
    enabled: invoiceId !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * `invoice` (the operator confirmed a payment, or changed an invoice): the list and the due date
 * are read again, so the expired-plan notice goes away without signing in again.
 */
export function useInvoiceEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: TENANT_DATE_QUERY_KEY });
    };
    socket.on('invoice', refresh);
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('invoice', refresh);
      socket.io.off('reconnect', refresh);
    };
  }, [qc]);
}

/** Operator: one company's invoices. */
export function useCompanyInvoices(tenantId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'company', tenantId],
    queryFn: () => http.get<Invoice[]>(`/admin/invoices/list/${tenantId}`),
    enabled: tenantId !== null,
  });
}

export function useUpdateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AdminInvoiceUpdate }) =>
      http.put<Invoice>(`/admin/invoices/${id}`, change),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: ['admin', 'tenants'] });
    },
  });
}

export function useDeleteInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/admin/invoices/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
