/** What the payment-slip integration says to the customer, in Spanish; spread into uiEs (es.ts). */
export const uiEsPaymentSlip = {
  paymentSlip: {
    askDocument: '¡Hola! Para enviarte la segunda vía de tu boleto, indícanos por favor el CPF o CNPJ del titular.',
    invalidDocument: 'No pude validar ese CPF/CNPJ. Revisa los números y envíalo de nuevo, por favor.',
    tooManyTries: 'No pude validar el documento. Voy a llamar a un agente para que te ayude, un momento.',
    notFound: 'No encontramos boletos pendientes para ese documento. Si necesitas algo más, ¡escríbenos!',
    unavailable:
      'Nuestro sistema de cobros no está disponible en este momento. Voy a llamar a un agente para que te ayude.',
    found: 'Encontramos {{count}} boleto(s) pendiente(s):',
    slip: 'Vencimiento: {{dueDate}}\nValor: {{value}}\nLínea digitable: {{line}}',
    slipOverdue: 'Vencimiento: {{dueDate}} (vencido)\nValor: {{value}}\nLínea digitable: {{line}}',
    noLine: 'no disponible, usa el PDF',
    pdfCaption: 'Boleto (PDF)',
  },
};
