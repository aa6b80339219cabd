// shared-client's public surface; one module because it is shared as a single federated singleton.
// The package is the browser's client of the platform API: requests and their error format, the
// query cache, live event streams and the visitor and idempotency ids. The session it sends is
// shared-auth's, which hands over its token reader (`setTokenSource`; docs/decisions/016).

export type { RawRequestOptions, RequestOptions } from './api-client';
export {
  ApiError,
  apiFetch,
  apiRequest,
  errorMessage,
  fetchJson,
  throwIfNotOk,
} from './api-client';
export type { CacheGroup } from './cache-groups';
export { CACHE_GROUPS, retryDelay } from './cache-groups';
export { connection, isNoAnswer, useOnline } from './connection';
export { forgetDeviceData, keepOnDevice, setDeviceDataOwner } from './device-data';
export type {
  ConnectionWatch,
  EventStreamState,
  FollowEventStreamOptions,
  ReadEventStreamOptions,
  ServerEvent,
  UseEventStreamOptions,
} from './event-stream';
export {
  createEventParser,
  followEventStream,
  readEventStream,
  reconnectDelayMs,
  useEventStream,
} from './event-stream';
export { usePublicQuery } from './public-query';
export { createQueryClient, shouldRetryMutation, shouldRetryQuery } from './query-client';
export type { QueuedWrite } from './queued-writes';
export { isQueuedWriteKey, queuedWriteKey, sendQueuedWrite } from './queued-writes';
export { newIdempotencyKey, randomUuid } from './random-id';
export { setTokenSource } from './token-source';
export { ensureVisitorId, forgetVisitorId, getVisitorId } from './visitor-id';
