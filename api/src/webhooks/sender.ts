import http from 'node:http';
import https from 'node:https';
import { SIGNATURE_HEADER } from 'shared-contracts/webhooks';
import {
  BlockedAddressError,
  blockedMessage,
  guardedLookup,
  literalHostKind,
} from './address-policy.ts';
import { signatureHeader } from './signature.ts';

export interface SendResult {
  /** The receiver's status code; null when no answer came (refused, timeout, blocked). */
  statusCode: number | null;
  latencyMs: number;
  /** Why it failed, in words for the delivery log; null on a 2xx. */
  error: string | null;
  ok: boolean;
}

const MAX_ERROR_LENGTH = 300;
const USER_AGENT = 'CurbRun-Webhooks/1.0';

/**
 * POSTs one signed event. Never throws: every outcome becomes a `SendResult` for the delivery
 * log. Only a 2xx answer counts as delivered; redirects are not followed (a receiver that moved
 * must be updated, and following them would bypass the address policy).
 */
export function sendWebhook(input: {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_LOOPBACK: loopback receivers (local testing); never private ranges. */
  allowLoopback: boolean;
  now?: () => number;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const nowSeconds = Math.floor((input.now?.() ?? Date.now()) / 1000);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, latencyMs: elapsed() });
    };
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      finish({ statusCode: null, error: 'Invalid URL', ok: false });
      return;
    }
    // A literal address is connected to without a lookup, so it is checked here; a name is
    // checked on what it resolves to at this very attempt (guardedLookup).
    const literal = literalHostKind(url.hostname);
    if (
      literal === 'blocked' ||
      (literal === 'loopback' && !input.allowLoopback) ||
      (url.protocol !== 'http:' && url.protocol !== 'https:')
    ) {
      finish({ statusCode: null, error: blockedMessage(url.hostname), ok: false });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': USER_AGENT,
          [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(input.secret, nowSeconds, input.body),
          'curbrun-event-id': input.eventId,
        },
        timeout: input.timeoutMs,
        lookup: guardedLookup(input.allowLoopback),
      },
      (response) => {
        // Read (and discard) a bounded amount of the answer so the socket is released.
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          finish({ statusCode: status, error: ok ? null : `HTTP ${status}`, ok });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // The timeout covers the whole exchange, not only idle sockets.
    const deadline = setTimeout(() => {
      finish({ statusCode: null, error: `Timed out after ${input.timeoutMs} ms`, ok: false });
      request.destroy();
    }, input.timeoutMs);
    request.on('timeout', () =>
      request.destroy(new Error(`Timed out after ${input.timeoutMs} ms`)),
    );
    request.on('error', (error: Error) => {
      const message =
        error instanceof BlockedAddressError
          ? error.message
          : (error as NodeJS.ErrnoException).code
            ? `${(error as NodeJS.ErrnoException).code}: ${error.message}`
            : error.message;
      finish({ statusCode: null, error: message.slice(0, MAX_ERROR_LENGTH), ok: false });
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(input.body);
  });
}
