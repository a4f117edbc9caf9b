/** Currency in pt-BR style, 2 to 3 decimals (SPEC §9). */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  }).format(value);
}
