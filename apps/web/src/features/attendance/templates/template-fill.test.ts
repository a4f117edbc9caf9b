import type { WabaTemplate } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { canFill, matchesSearch, previewTemplate, templateSlots, type TemplateComponent } from './template-fill';

const ORDER: TemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
  { type: 'BODY', text: 'Olá {{1}}, seu pedido chega {{2}}. Até {{1}}!' },
  { type: 'FOOTER', text: 'Loja Prosa' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Falar com atendente' },
      { type: 'URL', text: 'Acompanhar', url: 'https://loja.test/pedidos/{{1}}' },
    ],
  },
];

const template = (over: Partial<WabaTemplate> = {}): WabaTemplate => ({
  id: 1,
  channelId: 2,
  externalId: '900000000000001',
  name: 'pedido_enviado',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  components: ORDER,
  parameterCount: 4,
  text: '',
  sendable: true,
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('template variables', () => {
  it('are asked in the order the server takes them: header, body (each variable once), URL buttons', () => {
    expect(templateSlots(ORDER)).toEqual([
      { part: 'header', name: '1' },
      { part: 'body', name: '1' },
      { part: 'body', name: '2' },
      { part: 'button', name: '1', button: 2 },
    ]);
  });

  it('named variables keep their names; a media header has no text variables', () => {
    expect(
      templateSlots([
        { type: 'HEADER', format: 'IMAGE', text: 'ignored {{1}}' },
        { type: 'body', text: 'Oi {{ first_name }}, seu código é {{code}}.' },
      ]),
    ).toEqual([
      { part: 'body', name: 'first_name' },
      { part: 'body', name: 'code' },
    ]);
  });

  it('the preview fills what was typed and leaves the rest visible', () => {
    expect(previewTemplate(ORDER, ['#123', 'Ana', ' amanhã ', 'abc'])).toEqual({
      header: 'Pedido #123',
      body: 'Olá Ana, seu pedido chega amanhã. Até Ana!',
      footer: 'Loja Prosa',
      buttons: ['Falar com atendente', 'Acompanhar (https://loja.test/pedidos/abc)'],
    });
    expect(previewTemplate(ORDER, ['', 'Ana']).body).toBe('Olá Ana, seu pedido chega {{2}}. Até Ana!');
    expect(previewTemplate(ORDER, []).header).toBe('Pedido {{1}}');
  });

  it('only templates the server can send with the same number of parameters are offered', () => {
    expect(canFill(template())).toBe(true);
    expect(canFill(template({ sendable: false }))).toBe(false);
    expect(canFill(template({ parameterCount: 3 }))).toBe(false);
  });

  it('search ignores case and underscores', () => {
    expect(matchesSearch(template(), 'Pedido Env')).toBe(true);
    expect(matchesSearch(template(), 'pedido_enviado')).toBe(true);
    expect(matchesSearch(template(), '  ')).toBe(true);
    expect(matchesSearch(template(), 'boas')).toBe(false);
  });
});
