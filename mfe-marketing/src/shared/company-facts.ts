/**
 * Marketing facts, written once so every page says the same thing; that includes a single
 * retailer count, "250+ partner retailers", since two different counts would read as a mistake.
 */
export const PARTNER_RETAILERS = '250+';
export const PARTNER_RETAILERS_TEXT = '250+ partner retailers';

/** The three Texas metro areas we cover. */
export const METRO_AREAS = ['Dallas–Fort Worth', 'Houston', 'Austin'] as const;
export const METRO_AREAS_TEXT = 'Dallas–Fort Worth, Houston and Austin';

export const FEES = {
  curbside: '$4.99',
  home: '$6.99',
} as const;

export const STATS = [
  { value: '10%', label: 'faster deliveries' },
  { value: '97%', label: 'delivery success rate' },
  { value: PARTNER_RETAILERS, label: 'partner retailers' },
  { value: '5 min', label: 'to integrate our API' },
] as const;
