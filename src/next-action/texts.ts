// The next-action panels' words, pt-BR first (the element's default language), en.

export type NextActionLang = 'pt-BR' | 'en';

export const TEXTS = {
  'pt-BR': {
    threeDS: 'Autenticação do cartão', frameTitle: 'Autenticação 3-D Secure do banco emissor', cancel: 'Cancelar',
    pix: 'Pague com PIX', qr: 'QR Code PIX: escaneie com o app do seu banco', pixCode: 'PIX copia e cola',
    boleto: 'Pague com boleto', line: 'Linha digitável', due: 'Vencimento:', slip: 'Abrir o boleto',
    copy: 'Copiar', copied: 'Copiado!', copyFailed: 'Não foi possível copiar: selecione o código e copie.',
    left: 'Tempo restante:', waiting: 'Aguardando o pagamento…', paid: 'Pagamento recebido.', expired: 'O prazo para pagar terminou.', close: 'Fechar',
  },
  en: {
    threeDS: 'Card authentication', frameTitle: 'Card issuer\'s 3-D Secure authentication', cancel: 'Cancel',
    pix: 'Pay with PIX', qr: 'PIX QR code: scan it with your bank\'s app', pixCode: 'PIX copy and paste code',
    boleto: 'Pay with boleto', line: 'Digitable line', due: 'Due date:', slip: 'Open the boleto',
    copy: 'Copy', copied: 'Copied!', copyFailed: 'Could not copy: select the code and copy it.',
    left: 'Time left:', waiting: 'Waiting for the payment…', paid: 'Payment received.', expired: 'The time to pay is over.', close: 'Close',
  },
} as const;

export type Texts = (typeof TEXTS)[NextActionLang];

/** The option, else the page's <html lang> (en when it starts with en), else pt-BR. */
export const langOf = (asked?: string): NextActionLang =>
  /^en(-|$)/i.test(asked ?? document.documentElement.lang) ? 'en' : 'pt-BR';
