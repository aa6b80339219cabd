import { z } from 'zod';
import { hasControlCharacters } from './control-characters.ts';

export { hasControlCharacters } from './control-characters.ts';

export const controlCharactersMessage = (label: string, multiline = false) =>
  multiline
    ? `${label} must not contain control characters other than line breaks and tabs`
    : `${label} must not contain control characters such as line breaks`;

export interface SafeTextOptions {
  /** A textarea's text (messages, notes, descriptions): keeps line breaks and tabs. */
  multiline?: boolean;
  /** The message when the value is not a string at all. */
  typeError?: string;
}

/**
 * The one schema for free text typed by a person or sent by a client: a trimmed string without
 * control characters, so bad bytes get a 400 naming the field instead of a database error.
 * Callers chain their own limits and messages after it.
 */
export function safeText(label: string, options: SafeTextOptions = {}) {
  const base =
    options.typeError === undefined ? z.string() : z.string({ error: options.typeError });
  return base
    .trim()
    .refine(
      (value) => !hasControlCharacters(value, options.multiline),
      controlCharactersMessage(label, options.multiline),
    );
}
