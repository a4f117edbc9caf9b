import { createStaticPix, hasError } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { crc16 } from './pix.test-support.js';

describe('BR Code', () => {
  it("the CRC of the Pix manual's own example", () => {
    // Manual de Padrões para Iniciação do Pix (BCB), the static BR Code example: its field 63 is 1D3D.
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
  });

  it('pix-utils writes the fields in the order and lengths of the manual', () => {
    const pix = createStaticPix({
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      pixKey: '123e4567-e12b-12d1-a456-426655440000',
      infoAdicional: '',
      transactionAmount: 0,
      txid: '***',
    });
    if (hasError(pix)) throw new Error('pix-utils refused the example');
    const code = pix.toBRCode();
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(code).toContain('0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000');
    expect(code).toContain('5303986');
    expect(code).toContain('5802BR');
    expect(code).toContain('62070503***');
  });
});
