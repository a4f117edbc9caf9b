import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { validationTexts } from '../i18n/validation.js';
import { ZSignup } from './auth.js';
import { ZContactListQuery } from './contacts.js';
import { ZPlanInput } from './tenants.js';
import { parseValidationMessage, vMin, ZNewPassword, ZRequiredId } from './common.js';

/** The first message zod gives for a value, as a form and the server's `fields` show it. */
function firstMessage(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const res = schema.safeParse(value);
  return res.success ? undefined : res.error?.issues[0]?.message;
}

describe('validation messages that name their limit', () => {
  it('a minimum carries its number, read back as key and params', () => {
    expect(vMin(0)).toBe('validation.min|min=0');
    expect(parseValidationMessage('validation.min|min=6')).toEqual({ key: 'validation.min', params: { min: 6 } });
    expect(parseValidationMessage('validation.required')).toEqual({ key: 'validation.required', params: {} });
  });

  it('the schemas say which minimum was missed', () => {
    expect(firstMessage(ZNewPassword, '123')).toBe('validation.minLength|min=6');
    expect(firstMessage(ZNewPassword, '')).toBe('validation.required');
    expect(firstMessage(ZContactListQuery, { searchParam: 'a' })).toBe('validation.minLength|min=2');
    const plan = ZPlanInput.safeParse({ name: 'P', maxUsers: -1, maxConnections: 1, value: 0 });
    expect(plan.success ? undefined : plan.error.issues[0]?.message).toBe('validation.min|min=0');
  });

  it('every language interpolates the number of min and minLength', () => {
    for (const lang of LANGUAGES) {
      expect(validationTexts[lang].min, lang).toContain('{{min}}');
      expect(validationTexts[lang].minLength, lang).toContain('{{min}}');
    }
  });
});

describe('a required pick (ZRequiredId)', () => {
  it('empty is "required", not "invalid value"', () => {
    expect(firstMessage(ZRequiredId, '')).toBe('validation.required');
    expect(firstMessage(ZRequiredId, null)).toBe('validation.required');
    expect(firstMessage(ZRequiredId, undefined)).toBe('validation.required');
    expect(firstMessage(ZRequiredId, 'abc')).toBe('validation.invalidValue');
    expect(ZRequiredId.parse('7')).toBe(7);
  });

  it('is documented as an integer id in the API document', () => {
    expect(z.toJSONSchema(ZRequiredId, { io: 'input', unrepresentable: 'any' })).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
  });

  it('the sign-up plan left empty is "required"', () => {
    const res = ZSignup.safeParse({
      name: 'Empresa',
      whatsapp: '5511987654321',
      responsible: 'Ana',
      email: 'ana@exemplo.com',
      password: 'segredo1',
      confirmPassword: 'segredo1',
      planId: '',
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['planId', 'validation.required']]);
  });
});
