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
  documentRequired: 'Informe o CPF ou CNPJ do titular do cartão.',
  documentIncomplete: 'O CPF ou CNPJ está incompleto.',
  documentInvalid: 'CPF ou CNPJ inválido. Confira os dígitos.',
};

export const checkoutEn: CheckoutStrings = {
  installmentsLabel: 'Installments',
  documentLabel: "Cardholder's CPF or CNPJ",
  documentRequired: "Enter the cardholder's CPF or CNPJ.",
  documentIncomplete: 'The CPF or CNPJ is incomplete.',
  documentInvalid: 'This CPF or CNPJ is not valid. Check the digits.',
};
