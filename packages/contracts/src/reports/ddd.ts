/**
 * The Brazilian state (UF) of a phone number, from its area code (DDD, Anatel's plan): the state
 * column and filter of the contact reports (/relatorios/contatos-por-estado).
 */
export const BR_STATES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export type BrState = (typeof BR_STATES)[number];

/** Each state's area codes. */
export const DDDS_BY_STATE: Record<BrState, readonly number[]> = {
  SP: [11, 12, 13, 14, 15, 16, 17, 18, 19],
  RJ: [21, 22, 24],
  ES: [27, 28],
  MG: [31, 32, 33, 34, 35, 37, 38],
  PR: [41, 42, 43, 44, 45, 46],
  SC: [47, 48, 49],
  RS: [51, 53, 54, 55],
  DF: [61],
  GO: [62, 64],
  TO: [63],
  MT: [65, 66],
  MS: [67],
  AC: [68],
  RO: [69],
  BA: [71, 73, 74, 75, 77],
  SE: [79],
  PE: [81, 87],
  AL: [82],
  PB: [83],
  RN: [84],
  CE: [85, 88],
  PI: [86, 89],
  PA: [91, 93, 94],
  AM: [92, 97],
  RR: [95],
  AP: [96],
  MA: [98, 99],
};

const STATE_OF_DDD = new Map<number, BrState>(
  Object.entries(DDDS_BY_STATE).flatMap(([uf, ddds]) => ddds.map((d) => [d, uf as BrState] as const)),
);

export const stateOfDdd = (ddd: number): BrState | null => STATE_OF_DDD.get(ddd) ?? null;

/**
 * The state of a stored number (digits only, country code first): a Brazilian number is 55, the
 * two-digit DDD and 8 or 9 digits; any other number (another country, a group, none) has no state.
 */
export function stateOfNumber(number: string): BrState | null {
  if (!/^55\d{10,11}$/.test(number)) return null;
  return stateOfDdd(Number(number.slice(2, 4)));
}
