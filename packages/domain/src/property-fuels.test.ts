import { describe, expect, it } from 'vitest';
import { propertyAppliesToFuel } from './property-fuels';

const range = { name: 'Range', unitOfMeasurement: 'Km' };
const battery = { name: 'Battery Capacity', unitOfMeasurement: 'Wh' };
const consumption = { name: 'Fuel Consumption', unitOfMeasurement: 'LPer100Km' };
const displacement = { name: 'Engine Displacement', unitOfMeasurement: 'cc' };
const seats = { name: 'Seats', unitOfMeasurement: 'None' };

describe('which properties concern which fuel', () => {
  it("leaves a petrol car's range and battery out, and an electric one's engine and consumption", () => {
    expect(propertyAppliesToFuel(range, 'Petrol')).toBe(false);
    expect(propertyAppliesToFuel(battery, 'Diesel')).toBe(false);
    expect(propertyAppliesToFuel(consumption, 'Electric')).toBe(false);
    expect(propertyAppliesToFuel(displacement, 'Electric')).toBe(false);
  });

  it('keeps each for the fuels it describes, a hybrid having both, and the rest for every fuel', () => {
    expect(propertyAppliesToFuel(range, 'Electric')).toBe(true);
    expect(propertyAppliesToFuel(battery, 'hydrogen')).toBe(true);
    expect(propertyAppliesToFuel(consumption, 'Petrol')).toBe(true);
    expect(propertyAppliesToFuel(range, 'Hybrid')).toBe(true);
    expect(propertyAppliesToFuel(displacement, 'Hybrid')).toBe(true);
    expect(propertyAppliesToFuel(seats, 'Petrol')).toBe(true);
    expect(propertyAppliesToFuel(seats, 'Electric')).toBe(true);
  });

  it('asks for every property while no fuel is chosen', () => {
    expect(propertyAppliesToFuel(range, '')).toBe(true);
    expect(propertyAppliesToFuel(consumption, undefined)).toBe(true);
  });
});
