// Kept apart from text.ts so code that must not load zod (the shell's check of /remotes.json,
// remote-rules.ts) can use it too.

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
