/**
 * What the payment-slip integration says to the customer, in Brazilian Portuguese; spread into
 * uiPt (pt.ts). `{{...}}` are filled by the driver.
 */
export const uiPtPaymentSlip = {
  paymentSlip: {
    askDocument: 'Olá! Para enviar a segunda via do seu boleto, informe por favor o CPF ou CNPJ do titular.',
    invalidDocument: 'Não consegui validar esse CPF/CNPJ. Confira os números e envie novamente, por favor.',
    tooManyTries:
      'Não consegui validar o documento informado. Vou chamar um atendente para ajudar você, só um momento.',
    notFound: 'Não encontramos boletos em aberto para esse documento. Se precisar de algo mais, é só chamar!',
    unavailable: 'Nosso sistema de cobrança está indisponível no momento. Vou chamar um atendente para ajudar você.',
    found: 'Encontramos {{count}} boleto(s) em aberto:',
    slip: 'Vencimento: {{dueDate}}\nValor: {{value}}\nLinha digitável: {{line}}',
    slipOverdue: 'Vencimento: {{dueDate}} (vencido)\nValor: {{value}}\nLinha digitável: {{line}}',
    noLine: 'indisponível, use o PDF',
    pdfCaption: 'Boleto (PDF)',
  },
};
