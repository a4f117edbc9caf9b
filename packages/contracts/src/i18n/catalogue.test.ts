import { describe, it, expect } from 'vitest';
import { LANGUAGES } from '../enums.js';
import { ERROR_CODES } from '../errors.js';
import { V } from '../schemas/common.js';
import { errorCatalogues } from './index.js';
import { validationTexts } from './validation.js';

const FIELDS = ['message', 'description', 'detail'] as const;
const VALIDATION_KEYS = Object.values(V).map((key) => key.replace(/^validation\./, ''));

function expectText(value: unknown, where: string): void {
  expect(typeof value, `${where} is not a string`).toBe('string');
  expect((value as string).trim(), `${where} is empty`).not.toBe('');
}

describe('error catalogues (SPEC §8)', () => {
  it('covers exactly the codes of ERROR_STATUS in every language', () => {
    const expected = [...ERROR_CODES].sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(errorCatalogues[lang]).sort(), `codes of ${lang}`).toEqual(expected);
    }
  });

  for (const code of ERROR_CODES) {
    it(`${code} has a message, description and detail in every language`, () => {
      for (const lang of LANGUAGES) {
        const text = errorCatalogues[lang][code] as unknown;
        expect(text, `${lang}.${code}`).toBeTypeOf('object');
        for (const field of FIELDS) {
          expectText((text as Record<string, unknown>)[field], `${lang}.${code}.${field}`);
        }
      }
    });

    it(`${code} message is translated, not copied across languages`, () => {
      const messages = LANGUAGES.map((lang) => errorCatalogues[lang][code].message.trim());
      expect(new Set(messages).size, `${code} message is identical in ${LANGUAGES.join('/')}`).toBeGreaterThan(1);
    });

    it(`${code} pt texts are Portuguese, not the English ones`, () => {
      for (const field of FIELDS) {
        expect(errorCatalogues.pt[code][field], `pt.${code}.${field} equals en`).not.toBe(errorCatalogues.en[code][field]);
      }
    });
  }

  it('keeps the texts the spec quotes', () => {
    expect(errorCatalogues.pt.ERR_INVALID_CREDENTIALS.message).toBe('Dados de acesso inválidos.');
    expect(errorCatalogues.pt.ERR_INTERNAL.message).toBe('Ocorreu um erro não identificado.');
    expect(errorCatalogues.pt.ERR_USER_LIMIT_REACHED.message).toContain('Limite de usuários atingido');
    expect(errorCatalogues.pt.ERR_CONNECTION_LIMIT_REACHED.message).toContain('Limite de conexões atingido');
    expect(errorCatalogues.pt.ERROR_CAMPAIGN_DATE_NOT_VALID.message).toContain('15 minutos');
  });
});

describe('validation texts (SPEC §5)', () => {
  it('has the same keys as V in every language', () => {
    const expected = [...VALIDATION_KEYS].sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(validationTexts[lang]).sort(), `validation keys of ${lang}`).toEqual(expected);
    }
  });

  for (const key of VALIDATION_KEYS) {
    it(`validation.${key} has a text in every language`, () => {
      for (const lang of LANGUAGES) {
        expectText((validationTexts[lang] as Record<string, unknown>)[key], `${lang}.validation.${key}`);
      }
    });
  }

  it('keeps the Portuguese texts the spec quotes', () => {
    expect(validationTexts.pt.required).toBe('Campo obrigatório');
    expect(validationTexts.pt.invalidDate).toBe('Data inválida!');
  });
});
