// The chooser's words, pt-BR first (the element's default language), en: each method's name, its hint,
// and the short name a phone's row of three shows (below 420 px of the chooser's width).
import { isEnglish } from '../shared/lang.js';
import type { PaymentMethodId } from './methods.js';

export const METHOD_TEXTS = {
  'pt-BR': {
    legend: 'Forma de pagamento',
    card: ['Cartão de crédito', 'À vista ou parcelado', 'Cartão'],
    pix: ['PIX', 'QR Code ou copia e cola, aprovação na hora', 'PIX'],
    boleto: ['Boleto bancário', 'Pague no app do banco ou na lotérica até o vencimento', 'Boleto'],
    'pix-auto': ['PIX Automático', 'Autorize uma vez no app do banco: cada cobrança é debitada no vencimento', 'PIX Auto'],
  },
  en: {
    legend: 'Payment method',
    card: ['Credit card', 'In full or in installments', 'Card'],
    pix: ['PIX', 'QR code or copy and paste, confirmed at once', 'PIX'],
    boleto: ['Boleto', 'Pay in your bank\'s app or at a lottery shop by the due date', 'Boleto'],
    'pix-auto': ['PIX Automático', 'Authorise once in your bank app: each charge is debited on its due date', 'PIX Auto'],
  },
} as const satisfies Record<string, { legend: string } & Record<PaymentMethodId, readonly [name: string, hint: string, short: string]>>;

/** en for the tags the card form speaks English for (src/shared/lang.ts), else pt-BR. */
export const methodsLang = (lang: string): keyof typeof METHOD_TEXTS => (isEnglish(lang) ? 'en' : 'pt-BR');
