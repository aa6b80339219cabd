import { FEES, METRO_AREAS_TEXT, PARTNER_RETAILERS_TEXT } from '../../shared/company-facts';

/** The three help topics, in tile order. */
export const FAQ_CATEGORIES = [
  'Getting Started',
  'Orders & Tracking',
  'Deliveries & Robots',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** An FAQ item: question, answer, category. */
export interface FaqItem {
  question: string;
  answer: string;
  category: FaqCategory;
}

/** Fifteen questions answered from the company facts (shared/company-facts.ts). */
export const FAQ: readonly FaqItem[] = [
  {
    category: 'Getting Started',
    question: 'What is CurbRun?',
    answer: `CurbRun turns your in-store pickup order from one of our ${PARTNER_RETAILERS_TEXT} into same-day curbside delivery to your car or home delivery to your door, by our drivers and autonomous robots.`,
  },
  {
    category: 'Getting Started',
    question: 'Where do you deliver?',
    answer: `In three Texas metro areas: ${METRO_AREAS_TEXT}. ASAP delivery covers a 10-mile core zone; extended areas get 2, 4 or 6-hour delivery windows, and addresses outside our coverage get next-day delivery.`,
  },
  {
    category: 'Getting Started',
    question: 'How much does delivery cost?',
    answer: `Curbside delivery starts at ${FEES.curbside} and home delivery at ${FEES.home}. The final fee depends on distance, weight and urgency, and you see it before you pay.`,
  },
  {
    category: 'Getting Started',
    question: 'How do I schedule a pickup?',
    answer:
      'Sign in and choose Schedule a Pickup. Pick the store, enter your order number, choose curbside or home delivery and a time, then pay. You can follow the delivery as soon as it is confirmed.',
  },
  {
    category: 'Getting Started',
    question: 'Do I need an account?',
    answer:
      'You can browse and chat with support without one. To schedule pickups, use curbside delivery, keep a wallet and see your pickup history, create a free account with your name, a username, your email and a password.',
  },
  {
    category: 'Orders & Tracking',
    question: 'How long does delivery take?',
    answer:
      'ASAP delivery takes 1–2 hours inside the 10-mile core zone. Farther out you choose a 2, 4 or 6-hour window, and outside our coverage area we deliver the next day.',
  },
  {
    category: 'Orders & Tracking',
    question: 'How do I track my delivery?',
    answer:
      'Open Pickup History and select your order to follow it with live GPS tracking through each checkpoint: Pickup Confirmed, En Route, Arriving and Delivered.',
  },
  {
    category: 'Orders & Tracking',
    question: 'What if the store is not ready with my order?',
    answer:
      'We wait up to 15 minutes at the store at no charge. If the store needs longer, we let you know so you can keep waiting, reschedule or cancel.',
  },
  {
    category: 'Orders & Tracking',
    question: 'Can I cancel my order?',
    answer: 'Yes. Cancelling is free until the driver or robot leaves the store with your order.',
  },
  {
    category: 'Orders & Tracking',
    question: 'Can I tip my driver?',
    answer: 'Yes. Tips are optional, and 100% of every tip goes to the driver or robot handler.',
  },
  {
    category: 'Deliveries & Robots',
    question: 'How does curbside robot delivery work?',
    answer:
      'Park in any free curbside spot and note its number, then tell the store you have arrived in the app. A robot collects your order inside and drives it to your spot; enter your 4-digit PIN to open its compartment.',
  },
  {
    category: 'Deliveries & Robots',
    question: 'What happens if I miss the robot?',
    answer:
      'The robot waits 5 minutes at your spot. After that it takes your order to a safe holding location, and you can reschedule the delivery for free.',
  },
  {
    category: 'Deliveries & Robots',
    question: 'How is my order kept secure?',
    answer:
      'Robot compartments open only with your 4-digit PIN, and every delivery is followed by live GPS. Home deliveries come with photo or signature proof of delivery.',
  },
  {
    category: 'Deliveries & Robots',
    question: 'What if my delivery is late?',
    answer:
      'If a delivery is late because of us, you get a 100% refund of the delivery fee. Ask for it through live chat or email with your order number.',
  },
  {
    category: 'Deliveries & Robots',
    question: 'What if an item arrives damaged?',
    answer:
      'Damaged items are covered up to 100% of their value. Tell us through live chat or email with your order number and a photo of the damage.',
  },
];

/** Lower-case without accents, so "cafe" finds "Café" and "PIN" finds "pin". */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The FAQ items matching a search: every word of the query must appear in the question, the
 * answer or the category. An empty query matches everything.
 */
export function filterFaq(items: readonly FaqItem[], query: string): FaqItem[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalise(`${item.question} ${item.answer} ${item.category}`);
    return words.every((word) => haystack.includes(word));
  });
}
