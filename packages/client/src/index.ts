// @svc-card/client: the merchant server's client for the svc-card payments API.
export { createClient, SANDBOX_URL } from './client.js';
export type { SvcClient, ClientOptions, Credentials, PathsWith, Answer, ListPath, ExportPath, QueryOf, PageOf, ItemOf, PagesQuery, paths, operations, components } from './client.js';
export { ApiError, NetworkError } from './errors.js';
export type { ErrorBody, ErrorMessage, FieldError, FieldLocation, KnownErrorCode } from './errors.js';
export { RETRIED_STATUSES, IDEMPOTENCY_HEADER, type RetryOptions } from './retry.js';
export { verifyWebhook, WebhookSignatureError, SIGNATURE_HEADER, DEFAULT_TOLERANCE_SECONDS } from './webhook.js';
export type { VerifyOptions } from './webhook.js';
export type { WebhookEvent, WebhookEventType, WebhookEventOf, EventEnvelope } from './webhook-events.js';
