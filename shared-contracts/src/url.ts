import { z } from 'zod';
import { hasControlCharacters } from './control-characters.ts';
import { controlCharactersMessage } from './text.ts';

/** http and https: every URL the platform stores or follows is a web address. */
export const HTTP_PROTOCOLS = /^https?$/;

export interface SafeUrlOptions {
  /** The schemes allowed, as zod's `protocol` pattern; http and https by default. */
  protocol?: RegExp;
  /** The message for a value that is not such a URL at all. */
  error?: string;
}

/**
 * The one schema for a URL field, sent by a client or configured: a URL whose scheme matches and
 * that holds no control character. The URL parser accepts a NUL in a path, query or fragment, and
 * the value kept is the one sent, so a NUL reached the database as a 500. Every URL goes through
 * here instead of `z.url()` (api/src/http/url-fields.test.ts holds the workspace to it); callers
 * chain their own limits after it.
 */
export function safeUrl(label: string, options: SafeUrlOptions = {}) {
  const error = options.error === undefined ? {} : { error: options.error };
  // The control check runs first, on the value as sent: the URL check then trims the value and
  // drops its tabs and line breaks, which would hide them from a check after it.
  return z
    .string(error)
    .refine((value) => !hasControlCharacters(value), controlCharactersMessage(label))
    .check(z.url({ protocol: options.protocol ?? HTTP_PROTOCOLS, ...error }));
}
