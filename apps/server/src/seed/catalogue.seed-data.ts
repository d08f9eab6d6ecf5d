import type { FuelTypeName, UnitName, ValueTypeName } from '@rentdrive/contracts/enums';
import type { VehicleKind } from './vehicle-art';

/** The demo catalogue: the spec's five types, their categories and properties (every value type, many units). */
export interface SeedType {
  name: string;
  kind: VehicleKind;
  categories: [name: string, description: string][];
  properties: [name: string, valueType: ValueTypeName, unit: UnitName][];
}

export const SEED_TYPES: SeedType[] = [
  {
    name: 'Car',
    kind: 'car',
    categories: [
      ['Sedan', 'Four-door saloon with a separate boot.'],
      ['SUV', 'Raised sport utility vehicle, often with all-wheel drive.'],
      ['Hatchback', 'Compact car with a rear hatch door.'],
      ['Convertible', 'Soft or hard top that folds away.'],
      ['Van', 'People carrier or small van with sliding doors.'],
      ['Coupe', 'Sporty car with a sloping roofline.'],
      ['Station Wagon', 'Estate car with a long load floor.'],
    ],
    properties: [
      ['Power', 'Int', 'kW'],
      ['Seats', 'Int', 'None'],
      ['Doors', 'Int', 'None'],
      ['Automatic Transmission', 'Boolean', 'None'],
      ['Trunk Volume', 'Int', 'L'],
      ['Range', 'Int', 'Km'],
      ['Air Conditioning', 'Boolean', 'None'],
    ],
  },
  {
    name: 'Truck',
    kind: 'truck',
    categories: [
      ['Pickup', 'Open cargo bed behind a passenger cab.'],
      ['Box Truck', 'Closed cargo box, ideal for moving house.'],
      ['Flatbed', 'Open flat platform for machinery and pallets.'],
      ['Tipper', 'Hydraulic tipping body for bulk material.'],
    ],
    properties: [
      ['Payload Capacity', 'Int', 'Kg'],
      ['Cargo Length', 'Double', 'M'],
      ['Engine Displacement', 'Int', 'cc'],
      ['Power', 'Int', 'hp'],
      ['Fuel Consumption', 'Double', 'LPer100Km'],
      ['Tail Lift', 'Boolean', 'None'],
    ],
  },
  {
    name: 'Motorcycle',
    kind: 'motorcycle',
    categories: [
      ['Sport', 'Fast, light bikes with a forward riding position.'],
      ['Cruiser', 'Low seat, relaxed riding position, big torque.'],
      ['Touring', 'Long-distance comfort with luggage.'],
      ['Scooter', 'Step-through city scooter with automatic gearbox.'],
      ['Off-road', 'Enduro and adventure bikes for gravel and trails.'],
    ],
    properties: [
      ['Engine Displacement', 'Int', 'cc'],
      ['Power', 'Int', 'kW'],
      ['Top Speed', 'Int', 'KmPerHour'],
      ['ABS', 'Boolean', 'None'],
      ['Seat Height', 'Int', 'cm'],
      ['Licence Category', 'String', 'None'],
    ],
  },
  {
    name: 'Bicycle',
    kind: 'bicycle',
    categories: [
      ['Road', 'Light drop-bar bikes for tarmac.'],
      ['Mountain', 'Suspension and wide tyres for trails.'],
      ['City', 'Upright commuter bikes with racks and lights.'],
      ['Electric', 'Pedal-assisted e-bikes.'],
      ['Cargo', 'Carries children or shopping up front.'],
    ],
    properties: [
      ['Frame Size', 'Int', 'cm'],
      ['Wheel Size', 'Double', 'In'],
      ['Gears', 'Int', 'None'],
      ['Electric Assist', 'Boolean', 'None'],
      ['Frame Material', 'String', 'None'],
    ],
  },
  {
    name: 'Electric Scooter',
    kind: 'scooter',
    categories: [
      ['Commuter', 'Foldable everyday scooters for the last mile.'],
      ['Performance', 'Dual-motor scooters with serious speed.'],
      ['Off-road', 'Big tyres and suspension for rough paths.'],
      ['Kids', 'Small, slow scooters for young riders.'],
    ],
    properties: [
      ['Battery Capacity', 'Int', 'Wh'],
      ['Range', 'Int', 'Km'],
      ['Top Speed', 'Int', 'KmPerHour'],
      ['Max Rider Weight', 'Int', 'Kg'],
      ['Wheel Size', 'Double', 'In'],
      ['Foldable', 'Boolean', 'None'],
    ],
  },
];

/** category, make, model, fuel, year, color, price per day (euros), curb weight (kg), then the type's property values in order. */
export type SeedVehicleRow = [string, string, string, FuelTypeName, number, string, number, number, ...(string | number | boolean)[]];

export const SEED_VEHICLES: Record<string, SeedVehicleRow[]> = {
  Car: [
    ['Sedan', 'Toyota', 'Corolla', 'Hybrid', 2022, 'White', 48, 1370, 90, 5, 4, true, 471, 1000, true],
    ['SUV', 'Toyota', 'RAV4', 'Hybrid', 2021, 'Silver', 72, 1650, 160, 5, 5, true, 580, 950, true],
    ['Hatchback', 'Toyota', 'Yaris', 'Petrol', 2019, 'Red', 35, 1090, 68, 5, 5, false, 286, 700, true],
    ['Hatchback', 'Volkswagen', 'Golf', 'Petrol', 2020, 'Blue', 45, 1280, 110, 5, 5, false, 381, 800, true],
    ['Sedan', 'Volkswagen', 'Passat', 'Diesel', 2018, 'Black', 55, 1550, 140, 5, 4, true, 586, 1100, true],
    ['SUV', 'Volkswagen', 'Tiguan', 'Diesel', 2021, 'Gray', 68, 1640, 147, 5, 5, true, 615, 950, true],
    ['Hatchback', 'Volkswagen', 'ID.3', 'Electric', 2023, 'White', 62, 1800, 150, 5, 5, true, 385, 420, true],
    ['Sedan', 'BMW', '3 Series', 'Petrol', 2022, 'Black', 85, 1545, 190, 5, 4, true, 480, 750, true],
    ['SUV', 'BMW', 'X3', 'Diesel', 2020, 'Dark Blue', 90, 1800, 140, 5, 5, true, 550, 900, true],
    ['Coupe', 'BMW', 'i4', 'Electric', 2023, 'Silver', 110, 2050, 250, 5, 5, true, 470, 520, true],
    ['Sedan', 'Audi', 'A4', 'Diesel', 2019, 'Gray', 70, 1510, 120, 5, 4, true, 460, 1050, true],
    ['SUV', 'Audi', 'Q5', 'Hybrid', 2022, 'White', 98, 1900, 220, 5, 5, true, 520, 800, true],
    ['Hatchback', 'Audi', 'A3', 'Petrol', 2021, 'Red', 58, 1320, 110, 5, 5, false, 380, 720, true],
    ['Hatchback', 'Renault', 'Clio', 'LPG', 2020, 'Orange', 29, 1150, 74, 5, 5, false, 340, 1000, true],
    ['Hatchback', 'Renault', 'Zoe', 'Electric', 2021, 'Blue', 39, 1500, 100, 5, 5, true, 338, 390, true],
    ['Hatchback', 'Peugeot', '208', 'Petrol', 2022, 'Yellow', 36, 1160, 74, 5, 5, false, 311, 780, true],
    ['SUV', 'Peugeot', '3008', 'Diesel', 2019, 'Gray', 57, 1500, 96, 5, 5, true, 520, 1100, true],
    ['Sedan', 'Tesla', 'Model 3', 'Electric', 2022, 'Red', 95, 1850, 208, 5, 4, true, 561, 510, true],
    ['SUV', 'Tesla', 'Model Y', 'Electric', 2023, 'White', 115, 2000, 220, 5, 5, true, 854, 530, true],
    ['Hatchback', 'Ford', 'Focus', 'Petrol', 2018, 'Silver', 33, 1300, 92, 5, 5, false, 375, 760, true],
    ['Convertible', 'Ford', 'Mustang Convertible', 'Petrol', 2019, 'Yellow', 140, 1750, 330, 4, 2, true, 332, 600, true],
    ['Van', 'Ford', 'Transit Custom', 'Diesel', 2020, 'White', 79, 2100, 96, 9, 4, false, 1100, 900, true],
    ['Station Wagon', 'Skoda', 'Octavia Combi', 'Diesel', 2021, 'Green', 49, 1450, 110, 5, 5, false, 640, 1200, true],
    ['Convertible', 'Fiat', '500C', 'Petrol', 2017, 'Beige', 42, 1000, 51, 4, 2, false, 185, 650, false],
    ['Sedan', 'Mercedes-Benz', 'C-Class', 'Diesel', 2022, 'Black', 105, 1650, 147, 5, 4, true, 455, 1050, true],
    ['Van', 'Mercedes-Benz', 'Vito', 'Diesel', 2019, 'Silver', 85, 2050, 120, 8, 4, true, 1030, 850, true],
    ['SUV', 'Volvo', 'XC60', 'Hybrid', 2021, 'Blue', 99, 2000, 250, 5, 5, true, 468, 750, true],
    ['SUV', 'Kia', 'Sportage', 'Hybrid', 2023, 'Green', 64, 1650, 169, 5, 5, true, 591, 800, true],
    ['SUV', 'Hyundai', 'Ioniq 5', 'Electric', 2022, 'Silver', 84, 2000, 168, 5, 5, true, 527, 480, true],
    ['Convertible', 'Mazda', 'MX-5', 'Petrol', 2020, 'Red', 88, 1060, 135, 2, 2, false, 130, 550, false],
    ['Hatchback', 'Dacia', 'Sandero', 'LPG', 2022, 'Brown', 25, 1100, 74, 5, 5, false, 328, 1100, true],
    ['Station Wagon', 'Volvo', 'V90', 'Hybrid', 2020, 'Dark Blue', 92, 1950, 250, 5, 5, true, 560, 800, true],
  ],
  Truck: [
    ['Box Truck', 'Mercedes-Benz', 'Sprinter Box', 'Diesel', 2020, 'White', 120, 3500, 1200, 4.2, 2143, 163, 10.5, true],
    ['Box Truck', 'Iveco', 'Daily Box', 'Diesel', 2019, 'White', 115, 3500, 1300, 4.3, 2998, 180, 11.2, true],
    ['Pickup', 'Ford', 'Ranger Raptor', 'Petrol', 2023, 'Gray', 130, 2450, 650, 1.5, 2956, 292, 13.8, false],
    ['Pickup', 'Toyota', 'Hilux', 'Diesel', 2020, 'Silver', 90, 2100, 1000, 1.5, 2393, 150, 8.4, false],
    ['Flatbed', 'MAN', 'TGL Flatbed', 'Diesel', 2018, 'Blue', 180, 7500, 4000, 6.2, 4580, 220, 18.5, false],
    ['Tipper', 'Volvo', 'FMX Tipper', 'Diesel', 2019, 'Orange', 260, 12000, 9000, 5.5, 10800, 460, 32, false],
    ['Box Truck', 'Renault', 'Master Luton', 'Diesel', 2021, 'White', 110, 3000, 1100, 4, 2298, 165, 10.9, true],
    ['Pickup', 'Volkswagen', 'Amarok', 'Diesel', 2022, 'Black', 105, 2300, 1050, 1.5, 2993, 240, 9.8, false],
    ['Flatbed', 'Isuzu', 'N-Series', 'Diesel', 2017, 'White', 150, 5500, 3000, 5, 2999, 150, 14, false],
    ['Tipper', 'DAF', 'CF Tipper', 'Diesel', 2020, 'Red', 280, 13000, 10000, 5.8, 10800, 450, 31.5, false],
  ],
  Motorcycle: [
    ['Sport', 'Yamaha', 'YZF-R1', 'Petrol', 2021, 'Blue', 120, 201, 998, 147, 299, true, 86, 'A'],
    ['Cruiser', 'Harley-Davidson', 'Street Bob', 'Petrol', 2020, 'Black', 110, 297, 1868, 67, 180, true, 68, 'A'],
    ['Touring', 'BMW', 'R 1250 RT', 'Petrol', 2022, 'Silver', 130, 279, 1254, 100, 230, true, 82, 'A'],
    ['Off-road', 'KTM', '690 Enduro R', 'Petrol', 2019, 'Orange', 85, 146, 693, 55, 170, true, 91, 'A'],
    ['Scooter', 'Vespa', 'GTS 300', 'Petrol', 2022, 'Green', 55, 160, 278, 17, 130, true, 79, 'A2'],
    ['Scooter', 'Honda', 'PCX 125', 'Petrol', 2023, 'White', 35, 132, 125, 9, 100, true, 76, 'A1'],
    ['Sport', 'Kawasaki', 'Ninja 650', 'Petrol', 2021, 'Green', 80, 193, 649, 50, 210, true, 79, 'A'],
    ['Cruiser', 'Honda', 'Rebel 500', 'Petrol', 2022, 'Red', 65, 191, 471, 34, 160, true, 69, 'A2'],
    ['Touring', 'Triumph', 'Tiger 900', 'Petrol', 2020, 'Yellow', 95, 219, 888, 70, 200, true, 82, 'A'],
    ['Off-road', 'Yamaha', 'Ténéré 700', 'Petrol', 2022, 'Blue', 90, 205, 689, 54, 190, true, 88, 'A'],
  ],
  Bicycle: [
    ['Road', 'Specialized', 'Allez Sport', 'None', 2022, 'Red', 25, 9, 56, 28, 18, false, 'Aluminium'],
    ['Mountain', 'Trek', 'Marlin 7', 'None', 2021, 'Blue', 22, 14, 48, 29, 20, false, 'Aluminium'],
    ['City', 'Gazelle', 'Esprit', 'None', 2020, 'Green', 15, 17, 53, 28, 3, false, 'Steel'],
    ['Electric', 'Cube', 'Kathmandu Hybrid', 'Electric', 2023, 'Gray', 35, 25, 54, 28, 11, true, 'Aluminium'],
    ['Cargo', 'Riese & Müller', 'Load 60', 'Electric', 2022, 'Black', 45, 36, 52, 24, 5, true, 'Aluminium'],
    ['Road', 'Canyon', 'Endurace', 'None', 2023, 'Silver', 30, 8, 56, 28, 22, false, 'Carbon'],
    ['Mountain', 'Giant', 'Trance X E+', 'Electric', 2022, 'Orange', 40, 24, 46, 29, 12, true, 'Aluminium'],
    ['City', 'Brompton', 'C Line', 'None', 2021, 'Yellow', 18, 11, 50, 16, 6, false, 'Steel'],
    ['Electric', 'VanMoof', 'S5', 'Electric', 2023, 'Gray', 32, 23, 55, 28, 3, true, 'Aluminium'],
  ],
  'Electric Scooter': [
    ['Commuter', 'Xiaomi', 'Electric Scooter 4 Pro', 'Electric', 2023, 'Black', 12, 17, 446, 45, 25, 120, 10, true],
    ['Commuter', 'Segway', 'Ninebot Max G30', 'Electric', 2022, 'Gray', 14, 19, 551, 65, 25, 100, 10, true],
    ['Performance', 'Segway', 'GT2', 'Electric', 2023, 'Black', 30, 52, 1512, 90, 70, 150, 11, false],
    ['Kids', 'Segway', 'Ninebot C8', 'Electric', 2022, 'Blue', 8, 9, 65, 10, 10, 50, 6.5, true],
    ['Off-road', 'Kaabo', 'Wolf Warrior 11', 'Electric', 2021, 'Orange', 28, 46, 2100, 120, 80, 150, 11, false],
    ['Commuter', 'Unagi', 'Model One', 'Electric', 2022, 'White', 13, 12, 250, 24, 32, 125, 7.5, true],
    ['Performance', 'Dualtron', 'Thunder 3', 'Electric', 2023, 'Red', 35, 46, 2720, 120, 100, 150, 11, false],
    ['Kids', 'Razor', 'E100', 'Electric', 2020, 'Purple', 7, 12, 86, 13, 16, 54, 8, false],
  ],
};

/** A sentence or two per vehicle, from its own values. */
export function describeSeedVehicle(typeName: string, row: SeedVehicleRow): string {
  const [category, make, model, , year, color, , , ...p] = row;
  const c = color.toLowerCase();
  switch (typeName) {
    case 'Car':
      return `${year} ${make} ${model} in ${c}: a ${category.toLowerCase()} with ${p[1]} seats, ${p[3] ? 'automatic' : 'manual'} gearbox and ${p[4]} L of luggage space. Serviced regularly, clean and non-smoking.`;
    case 'Truck':
      return `${make} ${model} (${year}) with ${p[0]} kg payload and a ${p[1]} m load space${p[5] ? ', tail lift included' : ''}. Good for moving house, deliveries or site work.`;
    case 'Motorcycle':
      return `${make} ${model} in ${c}, ${p[0]} cc and ${p[1]} kW. ${category} riding at its best; needs a category ${p[5]} licence. Helmet available on request.`;
    case 'Bicycle':
      return `${make} ${model}: ${p[0]} cm ${String(p[4]).toLowerCase()} frame, ${p[2]} gears${p[3] ? ' and electric assist' : ''}. Lock and lights included.`;
    default:
      return `${make} ${model} in ${c}: ${p[1]} km range and up to ${p[2]} km/h${p[5] ? ', folds away for the train' : ''}. Charger included.`;
  }
}
