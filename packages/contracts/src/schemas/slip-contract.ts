import { z } from 'zod';

/**
 * The "Prosa slip contract": the small JSON API any billing system can answer so that the
 * payment-slip integration (model `contract`) finds a customer's open slips. Prosa calls
 * `GET {integration URL}/slips?document=<CPF or CNPJ, digits only>` with
 * `Authorization: Bearer <integration API key>` and expects 200 with `ZSlipContractAnswer`
 * (an empty `slips` when the document has none; 404 is read as none too). Published in the
 * OpenAPI document as a component for billing systems to implement.
 */
export const ZSlipContractQuery = z.object({
  document: z
    .string()
    .regex(/^(\d{11}|\d{14})$/)
    .meta({
      description: 'CPF (11 digits) or CNPJ (14 digits), digits only, check digits valid',
      example: '52998224725',
    }),
});
export type SlipContractQuery = z.infer<typeof ZSlipContractQuery>;

export const ZSlipContractSlip = z
  .object({
    id: z.string().min(1).meta({ description: 'The slip in the billing system', example: 'inv_1029' }),
    dueDate: z.iso.date().meta({ description: 'Due date, YYYY-MM-DD', example: '2026-12-10' }),
    value: z.number().positive().meta({ description: 'Amount in BRL', example: 149.9 }),
    digitableLine: z.string().min(1).meta({
      description: 'The 47/48-digit digitable line (linha digitável)',
      example: '23793381286000000001234000012345678900000014990',
    }),
    pdfUrl: z.url({ protocol: /^https?$/ }).meta({
      description: 'The slip PDF, reachable by the customer',
      example: 'https://billing.example.com/slips/inv_1029.pdf',
    }),
  })
  .meta({ id: 'SlipContractSlip' });
export type SlipContractSlip = z.infer<typeof ZSlipContractSlip>;

export const ZSlipContractAnswer = z
  .object({ slips: z.array(ZSlipContractSlip) })
  .meta({ id: 'SlipContractAnswer', description: 'Open (pending or overdue) slips of the document' });
export type SlipContractAnswer = z.infer<typeof ZSlipContractAnswer>;
