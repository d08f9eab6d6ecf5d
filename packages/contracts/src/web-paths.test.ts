import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import {
  isPrivateWebPath,
  languageAlternates,
  localePath,
  privateWebPrefixesInEveryLanguage,
  splitLocalePath,
  WebPaths,
} from './web-paths';

describe('WebPaths', () => {
  it('names a vehicle page by the JSON endpoint path it shares, and an edit page by its id, encoded', () => {
    expect(WebPaths.vehicle('a b')).toBe('/api/vehicle/a%20b');
    expect(WebPaths.vehicle.pattern).toBe('/api/vehicle/:id');
    expect(WebPaths.manage.editVehicle('x/y')).toBe('/manage/vehicles/edit/x%2Fy');
    expect(WebPaths.manage.editVehicle.pattern).toBe('/manage/vehicles/edit/:id');
  });

  it('counts a private page and the pages below it as private, and nothing that only starts alike', () => {
    for (const path of ['/profile', '/profile/wallet', '/chat', '/manage/vehicle-types', '/login', '/register']) {
      expect(isPrivateWebPath(path), path).toBe(true);
    }
    for (const path of ['/', '/listing', '/about', '/profiles', '/chatter', WebPaths.vehicle('1')]) {
      expect(isPrivateWebPath(path), path).toBe(false);
    }
  });
});

describe('languages in URLs', () => {
  it('keeps English at the root and puts every other language in front of the whole path and query', () => {
    expect(localePath('en', '/listing?type=Car')).toBe('/listing?type=Car');
    expect(localePath('de', '/listing?type=Car')).toBe('/de/listing?type=Car');
    expect(localePath('fr', WebPaths.vehicle('v1'))).toBe('/fr/api/vehicle/v1');
    expect(localePath('es', WebPaths.profile.wallet)).toBe('/es/profile/wallet');
    expect(localePath('nl', '/')).toBe('/nl');
    expect(localePath('it', '/?q=1')).toBe('/it?q=1');
  });

  it('reads the language of a path and the path without it, and takes any other first segment for English', () => {
    expect(splitLocalePath('/de/listing')).toEqual({ locale: 'de', path: '/listing' });
    expect(splitLocalePath('/fr/api/vehicle/v1')).toEqual({ locale: 'fr', path: '/api/vehicle/v1' });
    expect(splitLocalePath('/nl')).toEqual({ locale: 'nl', path: '/' });
    expect(splitLocalePath('/nl/')).toEqual({ locale: 'nl', path: '/' });
    expect(splitLocalePath('/listing')).toEqual({ locale: 'en', path: '/listing' });
    expect(splitLocalePath('/deals')).toEqual({ locale: 'en', path: '/deals' });
    expect(splitLocalePath('/en/listing')).toEqual({ locale: 'en', path: '/en/listing' });
    expect(splitLocalePath('/pt/listing')).toEqual({ locale: 'en', path: '/pt/listing' });
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
  });

  it('round-trips every language', () => {
    for (const locale of LOCALES) {
      for (const path of ['/', '/listing', '/api/vehicle/x', '/profile/wallet']) {
        expect(splitLocalePath(localePath(locale, path))).toEqual({ locale, path });
      }
    }
  });

  it('lists a page in all six languages and English again as x-default', () => {
    expect(languageAlternates('/listing?type=Car')).toEqual([
      { hreflang: 'en', path: '/listing?type=Car' },
      { hreflang: 'de', path: '/de/listing?type=Car' },
      { hreflang: 'fr', path: '/fr/listing?type=Car' },
      { hreflang: 'es', path: '/es/listing?type=Car' },
      { hreflang: 'it', path: '/it/listing?type=Car' },
      { hreflang: 'nl', path: '/nl/listing?type=Car' },
      { hreflang: 'x-default', path: '/listing?type=Car' },
    ]);
  });

  it('counts a private page as private in every language', () => {
    expect(isPrivateWebPath('/de/profile/wallet')).toBe(true);
    expect(isPrivateWebPath('/fr/login')).toBe(true);
    expect(isPrivateWebPath('/de/listing')).toBe(false);
    expect(privateWebPrefixesInEveryLanguage()).toContain('/nl/manage');
  });
});
