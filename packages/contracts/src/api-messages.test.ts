import { describe, expect, it } from 'vitest';
import * as account from './account';
import * as accountData from './account-data';
import { API_MESSAGES, apiMessageOf } from './api-messages';
import * as availability from './availability';
import * as bookingRules from './booking-rules';
import * as catalogue from './catalogue';
import * as chat from './chat';
import * as claims from './claims';
import * as contact from './contact';
import * as dashboard from './dashboard';
import * as favourites from './favourites';
import * as location from './location';
import * as moderation from './moderation';
import * as ownerBookings from './owner-bookings';
import * as rentals from './rentals';
import * as reviews from './reviews';
import * as search from './search';
import * as vehicles from './vehicles';
import * as wallet from './wallet';

/** Texts that are not translated on purpose: a hint for API programmers that quotes JSON. */
const UNTRANSLATED = new Set<string>([availability.AvailabilityMessages.daysRequired]);

const modules = {
  account,
  accountData,
  availability,
  bookingRules,
  catalogue,
  chat,
  claims,
  contact,
  dashboard,
  favourites,
  location,
  moderation,
  ownerBookings,
  rentals,
  reviews,
  search,
  vehicles,
  wallet,
};

describe('api messages', () => {
  it('give every validation and refusal text of the contracts a message id, with the English text unchanged', () => {
    const texts = Object.values(modules).flatMap((mod) =>
      Object.entries(mod)
        .filter(([name]) => name.endsWith('Messages'))
        .flatMap(([, messages]) => Object.values(messages as Record<string, unknown>))
        .filter((text): text is string => typeof text === 'string'),
    );
    expect(texts.length).toBeGreaterThan(100);
    const withoutId = texts.filter((text) => !UNTRANSLATED.has(text) && !apiMessageOf(text));
    expect(withoutId).toEqual([]);
  });

  it('have unique ids and texts without ICU syntax (the English text is the wire text)', () => {
    const ids = API_MESSAGES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(API_MESSAGES.filter((m) => /[{}]/.test(m.message))).toEqual([]);
  });
});
