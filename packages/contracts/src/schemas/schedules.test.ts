import { describe, expect, it } from 'vitest';
import { validationTexts } from '../i18n/validation.js';
import { ZScheduleCreateForm, ZScheduleForm, ZScheduleQuery } from './schedules.js';

const future = () => new Date(Date.now() + 3_600_000).toISOString();
/** The first message per field, as the form shows it. */
function errors(input: unknown, schema: typeof ZScheduleForm | typeof ZScheduleCreateForm = ZScheduleForm) {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('schedule form (web and server)', () => {
  it('takes a text, a future date, up to 12 numeric repetitions with a period', () => {
    const r = ZScheduleForm.parse({ body: 'Oi', sendAt: future(), repeatCount: '12', repeatPeriod: 'bimonthly' });
    expect(r).toMatchObject({ repeatCount: 12, repeatPeriod: 'bimonthly', hasFile: false });
    expect(ZScheduleForm.parse({ body: 'Oi', sendAt: future(), repeatCount: '', repeatPeriod: '' })).toMatchObject({
      repeatCount: 0,
      repeatPeriod: undefined,
    });
  });

  it('answers SPEC §5 texts: "Data inválida!" for a past or unreal date, required text without a file', () => {
    expect(errors({ body: 'Oi', sendAt: new Date(Date.now() - 1000).toISOString() })).toEqual({ sendAt: 'validation.invalidDate' });
    expect(errors({ body: 'Oi', sendAt: '2030-02-31Tx' })).toEqual({ sendAt: 'validation.invalidDate' });
    expect(validationTexts.pt.invalidDate).toBe('Data inválida!');
    expect(errors({ body: ' ', sendAt: future() })).toEqual({ body: 'validation.required' });
    expect(errors({ body: '', sendAt: future(), hasFile: true })).toEqual({});
  });

  it('repetitions: numeric, at most 12, and a period when there are any', () => {
    expect(errors({ body: 'a', sendAt: future(), repeatCount: 13, repeatPeriod: 'weekly' })).toEqual({ repeatCount: 'validation.max' });
    expect(errors({ body: 'a', sendAt: future(), repeatCount: 'três', repeatPeriod: 'weekly' })).toEqual({
      repeatCount: 'validation.number',
    });
    expect(errors({ body: 'a', sendAt: future(), repeatCount: 2 })).toEqual({ repeatPeriod: 'validation.required' });
    expect(errors({ body: 'a', sendAt: future(), repeatCount: 1, repeatPeriod: 'daily' })).toEqual({
      repeatPeriod: 'validation.invalidValue',
    });
  });

  it('the /agendamentos form also needs the ticket', () => {
    expect(errors({ ticketId: '', body: 'a', sendAt: future() }, ZScheduleCreateForm)).toEqual({ ticketId: 'validation.required' });
    expect(ZScheduleCreateForm.parse({ ticketId: '7', body: 'a', sendAt: future() }).ticketId).toBe(7);
  });

  it('list filters', () => {
    expect(ZScheduleQuery.parse({ status: 'sent', pageSize: '500' })).toMatchObject({ status: 'sent', pageSize: 500, pageNumber: 1 });
    expect(ZScheduleQuery.safeParse({ pageSize: 501 }).success).toBe(false);
  });
});
