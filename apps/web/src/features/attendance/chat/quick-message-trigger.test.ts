import type { QuickMessage, Ticket } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { applyQuickMessage, matchQuickMessages, ticketVariables, triggerAt } from './quick-message-trigger';

const q = (id: number, key: string, message = ''): QuickMessage => ({
  id,
  key,
  message,
  showToAll: false,
  userId: 1,
  media: null,
  can: { edit: true, delete: true },
  createdAt: '',
  updatedAt: '',
});

describe('quick message trigger', () => {
  it('opens on a slash at the start or after a space, up to the caret', () => {
    expect(triggerAt('/', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(triggerAt('/ol', 3)).toEqual({ start: 0, end: 3, query: 'ol' });
    expect(triggerAt('oi /pre', 7)).toEqual({ start: 3, end: 7, query: 'pre' });
    expect(triggerAt('linha\n/pre', 10)).toEqual({ start: 6, end: 10, query: 'pre' });
  });

  it('does not open inside a word, after a space following the key, or for a date', () => {
    expect(triggerAt('e/ou', 4)).toBeNull();
    expect(triggerAt('12/05', 5)).toBeNull();
    expect(triggerAt('/ola ', 5)).toBeNull();
    expect(triggerAt('https://x', 9)).toBeNull();
    // The caret decides: typing after the trigger elsewhere closes it.
    expect(triggerAt('/ola mundo', 10)).toBeNull();
  });

  it('filters by key, prefix first, any case', () => {
    const list = [q(1, 'boleto'), q(2, 'Ola'), q(3, 'pix'), q(4, 'enviar-boleto')];
    expect(matchQuickMessages(list, 'bol').map((m) => m.id)).toEqual([1, 4]);
    expect(matchQuickMessages(list, 'OL').map((m) => m.id)).toEqual([2, 1, 4]);
    expect(matchQuickMessages(list, '').map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(matchQuickMessages(list, 'zzz')).toEqual([]);
  });

  it('replaces the trigger with the message, the known variables filled and the others kept', () => {
    const ticket = {
      id: 42,
      protocol: '20261126-0001',
      contact: { name: 'Maria', extraInfo: [{ name: 'cpf', value: '123' }] },
      queue: { name: 'Vendas' },
    } as unknown as Ticket;
    const vars = ticketVariables(ticket, { name: 'Ana', email: 'ana@x.com' });
    const out = applyQuickMessage(
      'Oi /ola fim',
      { start: 3, end: 7, query: 'ola' },
      '{{greeting}}, {{name}}! Protocolo {{protocol}} ({{ticket_id}}) na {{fila}}, {{cpf}}. {{user}}',
      vars,
    );
    expect(out.text).toBe('Oi {{greeting}}, Maria! Protocolo 20261126-0001 (42) na Vendas, 123. Ana fim');
    expect(out.caret).toBe(out.text.length - ' fim'.length);
  });
});
