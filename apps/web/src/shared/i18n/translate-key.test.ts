import { describe, expect, it } from 'vitest';
import { i18nKeyLike } from '../forms/use-field-error';
import { i18n, translateKey } from './i18n';

describe('translateKey: validation keys that carry their limit', () => {
  it('says the minimum in every language', async () => {
    await i18n.changeLanguage('en');
    expect(translateKey('validation.min|min=6')).toBe('Below the allowed minimum (6)');
    expect(translateKey('validation.minLength|min=2')).toBe('Use at least 2 characters');
    await i18n.changeLanguage('es');
    expect(translateKey('validation.min|min=0')).toBe('Menor que el mínimo permitido (0)');
    await i18n.changeLanguage('pt');
    expect(translateKey('validation.minLength|min=6')).toBe('Use pelo menos 6 caracteres');
    expect(translateKey('validation.required')).toBe('Campo obrigatório');
  });

  it('a key with numbers is still a key to the field error; zod prose is not', () => {
    expect(i18nKeyLike('validation.min|min=6')).toBe(true);
    expect(i18nKeyLike('validation.required')).toBe(true);
    expect(i18nKeyLike('Invalid input: expected number, received NaN')).toBe(false);
  });
});
