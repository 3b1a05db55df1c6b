// The chooser's words, pt-BR first (the element's default language), en.
import type { PaymentMethodId } from './methods.js';

export const METHOD_TEXTS = {
  'pt-BR': {
    legend: 'Forma de pagamento',
    card: ['Cartão de crédito', 'À vista ou parcelado'],
    pix: ['PIX', 'QR Code ou copia e cola, aprovação na hora'],
    boleto: ['Boleto bancário', 'Pague no app do banco ou na lotérica até o vencimento'],
  },
  en: {
    legend: 'Payment method',
    card: ['Credit card', 'In full or in installments'],
    pix: ['PIX', 'QR code or copy and paste, confirmed at once'],
    boleto: ['Boleto', 'Pay in your bank\'s app or at a lottery shop by the due date'],
  },
} as const satisfies Record<string, { legend: string } & Record<PaymentMethodId, readonly [string, string]>>;

/** en when `lang` starts with en, else pt-BR. */
export const methodsLang = (lang: string): keyof typeof METHOD_TEXTS => (/^en(-|$)/i.test(lang) ? 'en' : 'pt-BR');
