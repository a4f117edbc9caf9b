import { describe, expect, it } from 'vitest';
import { previewText, progressOf } from './campaign-preview';

const ana = { name: 'Ana Souza', number: '5511999990000', email: 'ana@example.com' };

describe('previewText', () => {
  it('fills the contact variables, spaces inside the braces allowed', () => {
    expect(previewText('Olá {{name}}, seu número {{ phoneNumber }} / {{email}}', ana, new Date(2026, 0, 5, 9, 7))).toBe(
      'Olá Ana Souza, seu número 5511999990000 / ana@example.com',
    );
  });
  it('fills greeting, hour and date from the clock', () => {
    expect(previewText('{{greeting}} {{hour}} {{date}}', ana, new Date(2026, 0, 5, 9, 7))).toBe(
      'Bom dia 09:07 05/01/2026',
    );
    expect(previewText('{{greeting}}', ana, new Date(2026, 0, 5, 19, 0))).toBe('Boa noite');
  });
  it('keeps unknown variables as written, as the server does', () => {
    expect(previewText('{{name}} {{protocol}} {{cpf}}', ana, new Date())).toBe('Ana Souza {{protocol}} {{cpf}}');
  });
});

describe('progressOf', () => {
  const zero = { 'send-pending': 0, 'delivery-pending': 0, received: 0, read: 0, played: 0, error: 0, skipped: 0 };
  it('counts every contact past send-pending as done', () => {
    expect(progressOf({ ...zero, 'send-pending': 2, received: 1 }, 3)).toBe(33);
    expect(progressOf({ ...zero, received: 1, error: 1, skipped: 1 }, 3)).toBe(100);
  });
  it('is 0 without contacts', () => {
    expect(progressOf(zero, 0)).toBe(0);
  });
});
