/**
 * CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as the Pix manual (Manual de Padrões para
 * Iniciação do Pix, BCB) defines the BR Code's field 63: written here apart from pix-utils, so a
 * test checks the library's codes against the rule, not against itself.
 */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
