import unhomoglyph from 'unhomoglyph';

const MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;

const stripMarks = (text: string) => text.normalize('NFD').replace(MARKS, '');

/**
 * The form in which display names are compared, so a retailer cannot pass itself off as a
 * partner brand or another retailer with a name that only looks different: compatibility forms
 * folded (NFKC: fullwidth `Ｎｉｋｅ`, superscripts, ligatures), diacritics dropped (`Nïke`), case
 * folded, letters of other scripts drawn like Latin ones mapped to them (Unicode's confusables
 * table, UTS #39: Cyrillic `і`, Greek `Ι`), and only letters and digits kept (`N.I.K.E`, `H & M`).
 * Computed here rather than in SQL so PGlite and PostgreSQL judge alike whatever their locale.
 */
export function displayNameKey(name: string): string {
  // Case is folded to upper case (`ß` → `SS`, `ı` → `I`) before the confusables table, which
  // tells capitals apart from small letters: Greek `Ι` is Latin `I`, while lower-case `ι` is not
  // `i`. Its prototypes may carry marks again, and are compared as they come out (`I` → `l`), so
  // no letter is folded twice into another.
  const upper = stripMarks(name.normalize('NFKC')).toUpperCase();
  return stripMarks(unhomoglyph(upper)).replace(NOT_LETTER_OR_DIGIT, '');
}
