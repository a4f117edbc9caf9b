import type { WabaTemplate } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { campaignCanSend, campaignTemplateText, infoOf, sourceOf } from './template-mapping';

const template = (components: WabaTemplate['components'], parameterCount: number): WabaTemplate => ({
  id: 1,
  channelId: 1,
  externalId: '1',
  name: 'oferta',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  components,
  parameterCount,
  text: '',
  sendable: true,
  updatedAt: '',
});
const OFFER = template(
  [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'Olá {{1}}, cupom {{2}}, fone {{3}}.' },
    { type: 'FOOTER', text: 'Loja' },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver', url: 'https://l.example/{{1}}' }] },
  ],
  4,
);
const ana = { name: 'Ana', number: '5511999990000', email: 'ana@example.com' };

describe('template campaign mapping', () => {
  it('renders the example contact: fields, extra fields by name, fixed texts; unmapped ones stay', () => {
    const text = campaignTemplateText(OFFER, [sourceOf('name'), sourceOf('extra', 'Cupom'), sourceOf('number')], ana);
    expect(text).toBe('Olá Ana, cupom [Cupom], fone 5511999990000.\n\nLoja\n\n[ Ver (https://l.example/{{1}}) ]');
    expect(campaignTemplateText(OFFER, [sourceOf('text', 'Cliente'), sourceOf('email'), sourceOf('text', 'x'), sourceOf('text', 'p1')], ana)).toContain(
      'Olá Cliente, cupom ana@example.com, fone x.',
    );
  });
  it('tells the form the count and header, and leaves out location headers', () => {
    expect(infoOf(OFFER)).toEqual({ parameterCount: 4, headerFormat: 'IMAGE' });
    expect(campaignCanSend(OFFER)).toBe(true);
    expect(campaignCanSend(template([{ type: 'HEADER', format: 'LOCATION' }, { type: 'BODY', text: 'Oi' }], 0))).toBe(false);
  });
});
