import type { StreamLimits } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { STREAM_LIMIT_MESSAGES, STREAM_LIMIT_RETRY_AFTER_SECONDS } from './stream-limits.ts';
import type { Stream } from './topic-hubs.ts';

/** A 429 for a stream over a cap; `setRetryAfter` puts the `Retry-After` header on the reply. */
function refuse(setRetryAfter: (seconds: string) => void, message: string): never {
  setRetryAfter(String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
  throw new HttpError(429, message);
}

function addTo<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(stream);
}

function removeFrom<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  const set = map.get(key);
  set?.delete(stream);
  if (set?.size === 0) map.delete(key);
}

/**
 * The process's streams by client address, user and session, with the caps on them: what a new
 * stream is checked against, and what revocations and the heartbeat look up.
 */
export class StreamRegistry {
  private readonly byAddress = new Map<string, Set<Stream>>();
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly bySession = new Map<string, Set<Stream>>();
  /** Counted from the moment a request asks, so a burst of requests cannot all pass a cap at once. */
  private reserved = 0;

  constructor(private readonly limits: StreamLimits) {}

  /** Throws the 429 of the first cap this address or user has reached. */
  assertRoom(
    address: string,
    userId: string | undefined,
    setRetryAfter: (seconds: string) => void,
  ): void {
    if (this.reserved >= this.limits.total) refuse(setRetryAfter, STREAM_LIMIT_MESSAGES.total);
    if ((this.byAddress.get(address)?.size ?? 0) >= this.limits.perAddress) {
      refuse(setRetryAfter, STREAM_LIMIT_MESSAGES.perAddress);
    }
    if (userId && (this.byUser.get(userId)?.size ?? 0) >= this.limits.perUser) {
      refuse(setRetryAfter, STREAM_LIMIT_MESSAGES.perUser);
    }
  }

  add(stream: Stream): void {
    this.reserved += 1;
    addTo(this.byAddress, stream.address, stream);
    if (stream.userId) addTo(this.byUser, stream.userId, stream);
    if (stream.sessionId) addTo(this.bySession, stream.sessionId, stream);
  }

  /** Removes the stream; says whether it was the last one of the process. */
  remove(stream: Stream): boolean {
    this.reserved -= 1;
    removeFrom(this.byAddress, stream.address, stream);
    if (stream.userId) removeFrom(this.byUser, stream.userId, stream);
    if (stream.sessionId) removeFrom(this.bySession, stream.sessionId, stream);
    return this.reserved === 0;
  }

  ofSession(sessionId: string): Stream[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  ofUser(userId: string): Stream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** The sessions with at least one open stream. */
  sessionIds(): string[] {
    return [...this.bySession.keys()];
  }
}
