import { describe, expect, it } from 'vitest';
import { ChatPaths, RentalPaths, SearchPaths, VehiclePaths } from './paths';

describe('path templates', () => {
  it('fill the pattern the server registers with the values the client passes', () => {
    expect(RentalPaths.rent.pattern).toBe('/api/rental/rent/:vehicleId');
    expect(RentalPaths.rent('0b7c5f9e-3f43-4c1e-9a4e-2f1d6c8b9a01')).toBe('/api/rental/rent/0b7c5f9e-3f43-4c1e-9a4e-2f1d6c8b9a01');
    expect(SearchPaths.propertyValueFilter(3)).toBe('/api/vehicletypepropertyvalue/filter/3');
  });

  it('encode each value, so user text stays one path segment', () => {
    expect(ChatPaths.searchUsers('a/b c?')).toBe('/api/chat/search-users/a%2Fb%20c%3F');
    expect(VehiclePaths.detail('../edit/x')).toBe('/api/vehicle/..%2Fedit%2Fx');
  });
});
