// The next-action panels' words, pt-BR first (the element's default language), en.

export type NextActionLang = 'pt-BR' | 'en';

export const TEXTS = {
  'pt-BR': {
    threeDS: 'Autenticação do cartão', frameTitle: 'Autenticação 3-D Secure do banco emissor', cancel: 'Cancelar',
    pix: 'Pague com PIX', qr: 'QR Code PIX: escaneie com o app do seu banco', pixCode: 'PIX copia e cola', showQr: 'Mostrar QR Code',
    copyPix: 'Copiar código PIX', steps: ['Copie o código.', 'No app do banco, escolha PIX Copia e Cola.', 'Cole o código e confirme.'],
    amount: 'Valor', payee: 'Recebedor', beneficiary: 'Beneficiário', payer: 'Pagador',
    boleto: 'Pague com boleto', line: 'Linha digitável', copyLine: 'Copiar linha digitável', due: 'Vencimento', slip: 'Abrir o boleto', print: 'Imprimir ou salvar em PDF',
    copied: 'Copiado!', copyFailed: 'Não foi possível copiar: selecione o código e copie.',
    left: 'Tempo restante:', waiting: 'Aguardando o pagamento…', paid: 'Pagamento recebido.', close: 'Fechar',
    expired: 'Este código expirou. Escolha como pagar de novo.',
    canceled: 'O banco cancelou este código. Escolha como pagar de novo.',
  },
  en: {
    threeDS: 'Card authentication', frameTitle: 'Card issuer\'s 3-D Secure authentication', cancel: 'Cancel',
    pix: 'Pay with PIX', qr: 'PIX QR code: scan it with your bank\'s app', pixCode: 'PIX copy and paste code', showQr: 'Show QR code',
    copyPix: 'Copy PIX code', steps: ['Copy the code.', 'In your bank app, choose PIX copy and paste.', 'Paste the code and confirm.'],
    amount: 'Amount', payee: 'Payee', beneficiary: 'Beneficiary', payer: 'Payer',
    boleto: 'Pay with boleto', line: 'Digitable line', copyLine: 'Copy digitable line', due: 'Due date', slip: 'Open the boleto', print: 'Print or save as PDF',
    copied: 'Copied!', copyFailed: 'Could not copy: select the code and copy it.',
    left: 'Time left:', waiting: 'Waiting for the payment…', paid: 'Payment received.', close: 'Close',
    expired: 'This code has expired. Choose how to pay again.',
    canceled: 'The bank cancelled this code. Choose how to pay again.',
  },
} as const;

export type Texts = (typeof TEXTS)[NextActionLang];

/** The option, else the page's <html lang> (en when it starts with en), else pt-BR. */
export const langOf = (asked?: string): NextActionLang =>
  /^en(-|$)/i.test(asked ?? document.documentElement.lang) ? 'en' : 'pt-BR';
