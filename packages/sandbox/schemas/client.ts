// Clients (2.5, 4.6).
import { Type } from 'typebox';
import { CompanyId, Email, PersonName, Timestamp } from './common.js';
import { ListQuery } from './list.js';

export const CLIENT_STATUSES = ['ACTIVE', 'ERROR_PAYMENT', 'PENDING_PAYMENT', 'NO_PAYMENT', 'CANCELED_ALERT_NETWORK_A'] as const;
export const CLIENT_TYPES = ['INDIVIDUAL', 'COMPANY'] as const;

export { PersonName };

export const CreateClientBody = Type.Object({
  companyId: CompanyId,
  name: PersonName,
  doc: Type.String({ minLength: 1, format: 'br-doc', description: 'CPF or CNPJ; stored as digits; check digits checked' }),
  email: Email,
  type: Type.Optional(Type.Enum([...CLIENT_TYPES], { description: 'default: INDIVIDUAL for a CPF, COMPANY for a CNPJ' })),
  externalReference: Type.Optional(Type.String()),
  birthDate: Type.Optional(Type.String({ format: 'date' })),
  phones: Type.Optional(Type.Array(Type.String({ pattern: '^\\+?[0-9 ()-]{8,20}$' }), { maxItems: 10 })),
  note: Type.Optional(Type.String({ maxLength: 2000 })),
  address: Type.Optional(Type.Object({}, { additionalProperties: true })),
  device: Type.Optional(Type.Object({}, { additionalProperties: true })),
  ip: Type.Optional(Type.String({ anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] })),
});

export const Client = Type.Object({
  _id: Type.String(),
  companyId: Type.String(),
  name: Type.String(),
  doc: Type.String({ pattern: '^(\\d{11}|\\d{14})$' }),
  email: Type.Optional(Type.String()),
  phones: Type.Array(Type.String()),
  status: Type.Enum([...CLIENT_STATUSES]),
  type: Type.Enum([...CLIENT_TYPES]),
  active: Type.Boolean(),
  deleted: Type.Boolean(),
  externalReference: Type.Optional(Type.String()),
  birthDate: Type.Optional(Type.String({ format: 'date' })),
  note: Type.Optional(Type.String()),
  address: Type.Optional(Type.Object({}, { additionalProperties: true })),
  device: Type.Optional(Type.Object({}, { additionalProperties: true })),
  ip: Type.Optional(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ClientListQuery = ListQuery({
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'part of the name, document (digits), e-mail or external reference; case- and accent-insensitive: a Latin letter with marks matches its base letter either way ("conceicao" finds "Conceição", "JOÃO" finds "Joao")' })),
  id: Type.Optional(Type.String({ minLength: 1, description: 'one client by _id' })),
});
