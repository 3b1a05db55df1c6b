/** The demo store's signed-in customer: the client of every order's charge (the card form asks the card holder's CPF itself). */
export const STORE_CUSTOMER = { doc: '52998224725', email: 'cliente@cafedovale.example' };
