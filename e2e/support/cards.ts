// Sandbox test cards (demo/sandbox/test-cards.mjs) as a customer types them.
export const PAID_CARD = { holder: 'MARIA DA SILVA', number: '4111 1111 1111 1111', expMonth: '03', expYear: '2030', securityCode: '123' };
export const DECLINED_CARD = { ...PAID_CARD, number: '4000 0000 0000 0002' };
