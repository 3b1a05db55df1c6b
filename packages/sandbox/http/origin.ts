// The service's origin as the caller reached it (scheme://host[:port]): where
// pages the shopper opens (the 3-D Secure challenge) are served from.
import type { FastifyRequest } from 'fastify';

export const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
