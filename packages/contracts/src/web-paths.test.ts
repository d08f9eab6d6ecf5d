import { describe, expect, it } from 'vitest';
import { isPrivateWebPath, WebPaths } from './web-paths';

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
