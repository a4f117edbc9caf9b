/** What the payment-slip integration says to the customer, in English; spread into uiEn (en.ts). */
export const uiEnPaymentSlip = {
  paymentSlip: {
    askDocument:
      'Hello! To send you a copy of your payment slip, please tell us the CPF or CNPJ of the account holder.',
    invalidDocument: 'I could not validate that CPF/CNPJ. Please check the numbers and send it again.',
    tooManyTries: 'I could not validate the document. I am calling an agent to help you, just a moment.',
    notFound: 'We found no open payment slips for that document. If you need anything else, just write!',
    unavailable: 'Our billing system is unavailable right now. I am calling an agent to help you.',
    found: 'We found {{count}} open payment slip(s):',
    slip: 'Due date: {{dueDate}}\nAmount: {{value}}\nDigitable line: {{line}}',
    slipOverdue: 'Due date: {{dueDate}} (overdue)\nAmount: {{value}}\nDigitable line: {{line}}',
    noLine: 'unavailable, please use the PDF',
    pdfCaption: 'Payment slip (PDF)',
  },
};
