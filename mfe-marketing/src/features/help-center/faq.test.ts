import { describe, expect, it } from 'vitest';
import { FAQ, FAQ_CATEGORIES, filterFaq } from './faq';

describe('the FAQ', () => {
  it('has 15 questions, five in each of the three categories', () => {
    expect(FAQ).toHaveLength(15);
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ.filter((item) => item.category === category)).toHaveLength(5);
    }
    expect(new Set(FAQ.map((item) => item.question)).size).toBe(15);
  });

  it('answers with the company facts', () => {
    const all = FAQ.map((item) => item.answer).join(' ');
    for (const fact of [
      '$4.99',
      '$6.99',
      '1–2 hours',
      '10-mile core zone',
      '2, 4 or 6-hour',
      'next day',
      'waits 5 minutes',
      'safe holding location',
      '15 minutes',
      '100% refund of the delivery fee',
      'up to 100% of their value',
      'free until the driver or robot leaves the store',
      '100% of every tip goes to the driver or robot handler',
      '250+ partner retailers',
    ]) {
      expect(all, fact).toContain(fact);
    }
    expect(all).not.toContain('1000+');
  });
});

describe('filterFaq', () => {
  it('returns everything for an empty or blank query', () => {
    expect(filterFaq(FAQ, '')).toHaveLength(15);
    expect(filterFaq(FAQ, '   ')).toHaveLength(15);
  });

  it('matches questions and answers regardless of case', () => {
    const tip = filterFaq(FAQ, 'TIP');
    expect(tip.map((item) => item.question)).toContain('Can I tip my driver?');
    const pin = filterFaq(FAQ, 'pin');
    expect(pin.length).toBeGreaterThanOrEqual(2);
    for (const item of pin)
      expect(`${item.question} ${item.answer}`.toLowerCase()).toContain('pin');
  });

  it('needs every word of the query', () => {
    const results = filterFaq(FAQ, 'robot miss');
    expect(results.map((item) => item.question)).toEqual(['What happens if I miss the robot?']);
  });

  it('matches a category name', () => {
    expect(filterFaq(FAQ, 'getting started')).toHaveLength(5);
  });

  it('finds nothing for words that appear nowhere', () => {
    expect(filterFaq(FAQ, 'submarine')).toEqual([]);
  });
});
