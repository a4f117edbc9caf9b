import { describe, expect, it } from 'vitest';
import { greetingFor, resolveVariables, type VariableContext } from './message-variables.js';

const ctx = (over: Partial<VariableContext> = {}): VariableContext => ({
  contact: {
    name: 'Maria',
    number: '5511999990000',
    email: 'maria@ex.com',
    extraInfo: [{ name: 'cpf', value: '123' }],
  },
  ticket: { id: 42, protocol: '20260101000007' },
  queueName: 'Vendas',
  user: { name: 'João', email: 'joao@ex.com' },
  timezone: 'America/Sao_Paulo',
  // 12:30 UTC = 09:30 in São Paulo (UTC-3)
  now: new Date('2026-03-10T12:30:00Z'),
  ...over,
});

describe('message variables', () => {
  it('resolves every variable of SPEC §9', () => {
    const text =
      '{{greeting}} {{name}} ({{phoneNumber}}, {{email}}) {{hour}} {{date}} #{{protocol}} t{{ticket_id}} {{fila}} {{user}} <{{userEmail}}>';
    expect(resolveVariables(text, ctx())).toBe(
      'Bom dia Maria (5511999990000, maria@ex.com) 09:30 10/03/2026 #20260101000007 t42 Vendas João <joao@ex.com>',
    );
  });

  it('uses the tenant time zone for greeting, hour and date', () => {
    // 02:30 UTC on the 11th is 23:30 on the 10th in São Paulo.
    const out = resolveVariables('{{greeting}} {{hour}} {{date}}', ctx({ now: new Date('2026-03-11T02:30:00Z') }));
    expect(out).toBe('Boa noite 23:30 10/03/2026');
    expect(resolveVariables('{{hour}}', ctx({ now: new Date('2026-03-11T02:30:00Z'), timezone: 'UTC' }))).toBe('02:30');
  });

  it('greets by the hour', () => {
    expect([4, 5, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      'Boa noite',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
    ]);
  });

  it('resolves extra-info keys, tolerates spaces and keeps unknown variables', () => {
    expect(resolveVariables('CPF {{ cpf }} {{unknown}} {{name}}', ctx())).toBe('CPF 123 {{unknown}} Maria');
  });

  it('leaves text without variables untouched and empties missing values', () => {
    expect(resolveVariables('olá', ctx())).toBe('olá');
    expect(resolveVariables('[{{fila}}][{{user}}]', ctx({ queueName: null, user: null }))).toBe('[][]');
  });
});
