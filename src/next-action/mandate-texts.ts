// The PIX Automático panel's words (issue 40 item 3), pt-BR first, en: kept out of texts.ts so
// dist/svc-next-action.js carries none of them (the panel is dist/svc-mandate.js's, loaded apart).
// Each outcome says what happened and the shopper's next step.

export const MANDATE_TEXTS = {
  'pt-BR': {
    title: 'Autorize o PIX Automático', copy: 'Copiar código PIX Automático',
    steps: ['Copie o código.', 'No app do banco, escolha PIX Copia e Cola.', 'Cole o código, confira valor e frequência e autorize.'],
    inApp: 'Abra o app do seu banco: o pedido de autorização do PIX Automático está lá.',
    each: 'Valor de cada cobrança', every: 'Frequência', first: 'Primeiro débito', now: 'Pago agora, com a autorização',
    periods: { SEMANAL: 'Semanal', MENSAL: 'Mensal', TRIMESTRAL: 'Trimestral', SEMESTRAL: 'Semestral', ANUAL: 'Anual' },
    waiting: 'Aguardando a autorização no app do banco…',
    ACTIVE: 'PIX Automático autorizado: cada cobrança será debitada no vencimento, sem você fazer nada. Você pode cancelar no app do banco.',
    REJECTED: 'A autorização foi recusada no app do banco. Peça a autorização de novo ou escolha outra forma de pagamento.',
    EXPIRED: 'O pedido de autorização expirou sem resposta. Peça a autorização de novo ou escolha outra forma de pagamento.',
    ENDED: 'A autorização foi cancelada. Escolha outra forma de pagamento.',
  },
  en: {
    title: 'Authorise PIX Automático', copy: 'Copy PIX Automático code',
    steps: ['Copy the code.', 'In your bank app, choose PIX copy and paste.', 'Paste the code, check the amount and frequency, and authorise.'],
    inApp: 'Open your bank\'s app: the PIX Automático authorisation request is there.',
    each: 'Each charge', every: 'Frequency', first: 'First debit', now: 'Paid now, with the authorisation',
    periods: { SEMANAL: 'Weekly', MENSAL: 'Monthly', TRIMESTRAL: 'Quarterly', SEMESTRAL: 'Every six months', ANUAL: 'Yearly' },
    waiting: 'Waiting for the authorisation in your bank app…',
    ACTIVE: 'PIX Automático authorised: each charge will be debited on its due date, with nothing for you to do. You can cancel it in your bank app.',
    REJECTED: 'The authorisation was declined in your bank app. Ask for it again or choose another way to pay.',
    EXPIRED: 'The authorisation request expired unanswered. Ask for it again or choose another way to pay.',
    ENDED: 'The authorisation was cancelled. Choose another way to pay.',
  },
} as const;
