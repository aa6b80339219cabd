import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { RELEASE_ID_PATTERN } from 'shared-contracts/release-rules';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts/remote-rules';

/**
 * Who gets which release of a remote (ADR 019 decision 4): a signed random visitor id in a cookie
 * (it names no person), hashed with the remote and the canary's release into a bucket, so a
 * visitor gets the same answer on every page and process and each canary draws its own visitors.
 * Each page carries a signed page token naming its releases: a report counts for those, once.
 */

export const ASSIGNMENT_COOKIE = 'curbrun_release';
/** Half a year: the assignment outlives a canary, which is days. */
export const ASSIGNMENT_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** A page open longer than this reports nothing more (and dedupe records can be dropped after). */
export const PAGE_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const BUCKETS = 10_000;
const MAC_BYTES = 16;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

function mac(secret: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', secret)
    .update(`${purpose}:${value}`)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

function sameMac(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

/** The cookie's value for a visitor: `<id>.<mac>`. */
export function signVisitor(secret: Buffer, visitorId: string): string {
  return `${visitorId}.${mac(secret, 'visitor', visitorId)}`;
}

/** The visitor id in a cookie value, or undefined when it is not one this registry signed. */
export function verifyVisitor(secret: Buffer, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const [id, signature, ...rest] = value.split('.');
  if (rest.length > 0 || !id || !signature || !VISITOR_ID.test(id)) return undefined;
  return sameMac(signature, mac(secret, 'visitor', id)) ? id : undefined;
}

/** The assignment cookie's value in a `Cookie` header, unread beyond its name. */
export function assignmentCookieValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at >= 0 && part.slice(0, at).trim() === ASSIGNMENT_COOKIE) {
      return part.slice(at + 1).trim();
    }
  }
  return undefined;
}

/** The visitor's bucket for this canary, 0 to 9999. */
export function bucketOf(visitorId: string, remote: RemoteName, release: string): number {
  const digest = createHash('sha256')
    .update(`${visitorId}\u0000${remote}\u0000${release}`)
    .digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

/** Whether this visitor gets the canary served to `percent` (0 to 100) of visitors. */
export function getsCanary(
  visitorId: string,
  remote: RemoteName,
  release: string,
  percent: number,
): boolean {
  return bucketOf(visitorId, remote, release) < Math.round(percent * (BUCKETS / 100));
}

export interface PageToken {
  /** Random: one per page load. */
  pageId: string;
  visitorId: string;
  issuedAt: number;
  /** The release of each remote on that page. */
  releases: Partial<Record<RemoteName, string>>;
}

interface PageTokenPayload {
  p: string;
  v: string;
  t: number;
  r: Partial<Record<RemoteName, string>>;
}

export function signPageToken(secret: Buffer, token: PageToken): string {
  const payload: PageTokenPayload = {
    p: token.pageId,
    v: token.visitorId,
    t: token.issuedAt,
    r: token.releases,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, 'page', body)}`;
}

function isReleases(value: unknown): value is Partial<Record<RemoteName, string>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([name, release]) =>
      (REMOTE_NAMES as readonly string[]).includes(name) &&
      typeof release === 'string' &&
      RELEASE_ID_PATTERN.test(release),
  );
}

/** The page token, or undefined when it is not one this registry signed. */
export function verifyPageToken(secret: Buffer, value: string): PageToken | undefined {
  const [body, signature, ...rest] = value.split('.');
  if (rest.length > 0 || !body || !signature) return undefined;
  if (!sameMac(signature, mac(secret, 'page', body))) return undefined;
  let payload: Partial<PageTokenPayload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PageTokenPayload;
  } catch {
    return undefined;
  }
  if (
    typeof payload.p !== 'string' ||
    typeof payload.v !== 'string' ||
    typeof payload.t !== 'number' ||
    !isReleases(payload.r)
  ) {
    return undefined;
  }
  return { pageId: payload.p, visitorId: payload.v, issuedAt: payload.t, releases: payload.r };
}

export function newPageId(): string {
  return randomBytes(12).toString('base64url');
}
