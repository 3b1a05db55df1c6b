// Texts of the checkout extras (issue 11): the installments choice and the holder's
// document field, in pt-BR and en. Part of `Strings` (i18n.ts), so `strings` overrides them too.

/** The extras' texts (see `Strings`). */
export interface CheckoutStrings {
  installmentsLabel: string;
  documentLabel: string;
  documentRequired: string;
  documentIncomplete: string;
  documentInvalid: string;
}

export const checkoutPtBR: CheckoutStrings = {
  installmentsLabel: 'Parcelas',
  documentLabel: 'CPF ou CNPJ do titular',
  documentRequired: 'Informe o CPF ou CNPJ.',
  documentIncomplete: 'CPF ou CNPJ incompleto.',
  documentInvalid: 'CPF ou CNPJ inválido.',
};

export const checkoutEn: CheckoutStrings = {
  installmentsLabel: 'Installments',
  documentLabel: "Cardholder's CPF or CNPJ",
  documentRequired: 'Enter the CPF or CNPJ.',
  documentIncomplete: 'Incomplete CPF or CNPJ.',
  documentInvalid: 'Invalid CPF or CNPJ.',
};
