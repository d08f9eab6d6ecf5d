import { beforeAll, describe, expect, it } from 'vitest';
import { formatterFor, weekStartsOn } from './format';
import { createIntlFormatter } from './format-intl';
import { registerIntlFormatter } from './format-registry';

// As loadCatalogue does with a language's first catalogue.
beforeAll(() => registerIntlFormatter(createIntlFormatter));

/** Numbers, money and dates as each language writes them (issue 24). */
describe('formatterFor', () => {
  const amount = 1234.56;

  it('keeps the spec English forms', () => {
    const en = formatterFor('en');
    expect(en.money(amount)).toBe('1234.56€');
    expect(en.count(1234)).toBe('1,234');
    expect(en.longDate('2026-11-21')).toBe('21 November 2026');
    expect(en.weekStartsOn).toBe(0);
    expect(en.weekdays()[0]).toEqual({ short: 'Su', long: 'Sunday' });
  });

  it('writes money the way each language does', () => {
    expect(formatterFor('de').money(amount)).toBe('1.234,56\u00a0€');
    // French groups thousands with a narrow no-break space.
    expect(formatterFor('fr').money(amount)).toBe('1\u202f234,56\u00a0€');
    expect(formatterFor('nl').money(amount)).toBe('€\u00a01.234,56');
    // Italian and Spanish group four-digit amounts only from 10 000 on (CLDR).
    expect(formatterFor('it').money(12345.6)).toBe('12.345,60\u00a0€');
    expect(formatterFor('es').money(amount)).toBe('1234,56\u00a0€');
    expect(formatterFor('es').money(12345.6)).toBe('12.345,60\u00a0€');
  });

  it('writes counts and dates in the language', () => {
    expect(formatterFor('de').count(1234)).toBe('1.234');
    expect(formatterFor('de').longDate('2026-11-21')).toBe('21. November 2026');
    expect(formatterFor('fr').longDate('2026-11-21')).toBe('21 novembre 2026');
    expect(formatterFor('es').longDate('2026-11-21')).toBe('21 de noviembre de 2026');
    expect(formatterFor('it').longDate('2026-11-21')).toBe('21 novembre 2026');
    expect(formatterFor('nl').longDate('2026-11-21')).toBe('21 november 2026');
    expect(formatterFor('de').dateWords(new Date(Date.UTC(2026, 10, 1)), 'month')).toBe('November 2026');
  });

  it('lists as each language does', () => {
    expect(formatterFor('en').list(['•••• 4242', '•••• 1111'])).toBe('•••• 4242 and •••• 1111');
    expect(formatterFor('de').list(['•••• 4242', '•••• 1111'])).toBe('•••• 4242 und •••• 1111');
    expect(formatterFor('fr').list(['a', 'b', 'c'])).toBe('a, b et c');
  });

  it('starts the week on Monday in every language but English', () => {
    expect(weekStartsOn('en')).toBe(0);
    for (const locale of ['de', 'fr', 'es', 'it', 'nl']) {
      expect(weekStartsOn(locale)).toBe(1);
      expect(formatterFor(locale).weekdays()[0]!.long.toLowerCase()).toBe(
        { de: 'montag', fr: 'lundi', es: 'lunes', it: 'lunedì', nl: 'maandag' }[locale],
      );
    }
  });
});
