/**
 * What the Asaas stand-in holds: customers and payments with the fields Asaas' API v3 answers
 * (https://docs.asaas.com/reference/list-customers, https://docs.asaas.com/reference/list-payments,
 * https://docs.asaas.com/reference/get-digitable-bill-line). Documents are valid CPF/CNPJ numbers
 * made for tests (they belong to nobody).
 */
export const CPF_WITH_SLIPS = '52998224725';
export const CNPJ_WITHOUT_SLIPS = '11222333000181';
/** A valid CPF Asaas has no customer for. */
export const CPF_UNKNOWN = '16899535009';

export interface StandInCustomer {
  id: string;
  name: string;
  email: string;
  cpfCnpj: string;
  personType: 'FISICA' | 'JURIDICA';
}

export interface StandInPayment {
  id: string;
  customer: string;
  value: number;
  billingType: 'BOLETO' | 'PIX' | 'CREDIT_CARD' | 'UNDEFINED';
  status: 'PENDING' | 'OVERDUE' | 'RECEIVED';
  /** Days from the stand-in's `today`. */
  dueInDays: number;
  description: string;
  nossoNumero: string;
  identificationField: string;
  barCode: string;
}

export const customers: StandInCustomer[] = [
  {
    id: 'cus_000005113026',
    name: 'Maria Souza',
    email: 'maria.souza@example.com',
    cpfCnpj: CPF_WITH_SLIPS,
    personType: 'FISICA',
  },
  {
    id: 'cus_000005113027',
    name: 'Padaria Central Ltda',
    email: 'financeiro@padaria.example.com',
    cpfCnpj: CNPJ_WITHOUT_SLIPS,
    personType: 'JURIDICA',
  },
];

export const payments: StandInPayment[] = [
  {
    id: 'pay_080225913252',
    customer: 'cus_000005113026',
    value: 129.9,
    billingType: 'BOLETO',
    status: 'PENDING',
    dueInDays: 10,
    description: 'Mensalidade dezembro',
    nossoNumero: '6543',
    identificationField: '00190000090275928800021932978170187890000012990',
    barCode: '00191878900000129900000002759288002193297817',
  },
  {
    id: 'pay_080225913253',
    customer: 'cus_000005113026',
    value: 89.5,
    billingType: 'UNDEFINED',
    status: 'OVERDUE',
    dueInDays: -5,
    description: 'Mensalidade novembro',
    nossoNumero: '6544',
    identificationField: '00190000090275928800021932978170187290000008950',
    barCode: '00191872900000089500000002759288002193297817',
  },
  {
    // Paid: never listed as open.
    id: 'pay_080225913254',
    customer: 'cus_000005113026',
    value: 89.5,
    billingType: 'BOLETO',
    status: 'RECEIVED',
    dueInDays: -35,
    description: 'Mensalidade outubro',
    nossoNumero: '6545',
    identificationField: '00190000090275928800021932978170184290000008950',
    barCode: '00191842900000089500000002759288002193297817',
  },
  {
    // Open, but by card: no slip to send.
    id: 'pay_080225913255',
    customer: 'cus_000005113026',
    value: 40,
    billingType: 'CREDIT_CARD',
    status: 'PENDING',
    dueInDays: 3,
    description: 'Taxa de entrega',
    nossoNumero: '',
    identificationField: '',
    barCode: '',
  },
];

/** A one-page PDF standing in for the slip a bankSlipUrl serves. */
export const SLIP_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
