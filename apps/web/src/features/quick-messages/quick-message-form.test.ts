import { describe, expect, it } from 'vitest';
import { ZQuickMessageForm } from './quick-message-form-modal';

const base = { key: 'ola', message: '', showToAll: false, removeFile: false, file: null, hasMedia: false };
const messageError = (v: object) =>
  ZQuickMessageForm.safeParse(v).error?.issues.find((i) => i.path.join('.') === 'message')?.message;

describe('quick message form: message or file (SPEC §5)', () => {
  it('asks for the message when there is no file', () => {
    expect(messageError(base)).toBe('validation.required');
    expect(messageError({ ...base, message: '   ' })).toBe('validation.required');
    expect(messageError({ ...base, message: 'Olá' })).toBeUndefined();
  });

  it('a picked file, or a stored one kept, is enough; a stored one removed is not', () => {
    expect(messageError({ ...base, file: new File(['x'], 'a.txt') })).toBeUndefined();
    expect(messageError({ ...base, hasMedia: true })).toBeUndefined();
    expect(messageError({ ...base, hasMedia: true, removeFile: true })).toBe('validation.required');
  });

  it('a blank key is refused like on the server', () => {
    const res = ZQuickMessageForm.safeParse({ ...base, key: '  ', message: 'x' });
    expect(res.error?.issues.find((i) => i.path[0] === 'key')?.message).toBe('validation.required');
  });
});
