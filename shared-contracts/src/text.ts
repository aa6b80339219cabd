import { z } from 'zod';

/** Line feed, carriage return and tab: the only control characters a textarea may hold. */
const TEXTAREA_CONTROLS = new Set([0x0a, 0x0d, 0x09]);

/**
 * Whether `value` holds a C0 or C1 control character (NUL, escape, line breaks, DEL…). A NUL
 * reaches PostgreSQL as an error, and the others hide text or break the line they are shown in.
 */
export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (control && !(multiline && TEXTAREA_CONTROLS.has(code))) return true;
  }
  return false;
}

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
