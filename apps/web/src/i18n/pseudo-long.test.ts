import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { pseudoLong } from './pseudo-long';

describe('pseudo-long German (the test build’s VITE_PSEUDO_LONG=1)', () => {
  // Compiled messages as the catalogues hold them: a text, a placeholder with a tag, a plural.
  const messages = {
    a: 'Einstellungen',
    b: ['Angeboten von <0>', ['0'], '</0>'],
    c: [['n', 'plural', { one: ['#', ' Bewertung'], other: ['#', ' Bewertungen'] }]],
  } as unknown as Messages;

  it('makes every message longer, between ⟦ and ⟧, and keeps placeholders, tags and plurals working', () => {
    const i18n = setupI18n();
    i18n.load('de', pseudoLong(messages));
    i18n.activate('de');
    expect(i18n._('a')).toBe('⟦EEiinsteelluungeen⟧');
    expect(i18n._('b', { 0: 'Alice' })).toBe('⟦AAngeebooteen voon <0>Alice</0>⟧');
    expect(i18n._('c', { n: 1 })).toBe('⟦1 Beeweertuung⟧');
    expect(i18n._('c', { n: 3 })).toBe('⟦3 Beeweertuungeen⟧');
  });
});
