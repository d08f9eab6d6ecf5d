import fc from 'fast-check';
import sharp from 'sharp';
import { FUEL_TYPES } from '@rentdrive/contracts/enums';
import { chatMessages } from '../../src/db/schema/index';
import { createCategory, createProperty, createUser, createVehicle, createVehicleType, signIn, TEST_PASSWORD } from '../factories';
import type { TestApp } from '../test-app';
import type { Hints } from './schema-arbitrary';

export const FUZZ_CLOCK_START = '2026-06-01T10:00:00Z';

/** Days after the test clock's today, as the rent and search schemas want them. */
function dayAfterStart(offset: number): string {
  const date = new Date(FUZZ_CLOCK_START);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/**
 * What the fuzzer's requests point at: a signed-in user with money, a vehicle of their own and a
 * rental of someone else's vehicle, an employee, the company account, a small catalogue and a chat.
 */
export async function buildFuzzWorld(t: TestApp) {
  const { database } = t;
  await createUser(database, { isCompanyAccount: true, username: 'company' });
  const user = await createUser(database);
  const employee = await createUser(database, { isCompanyEmployee: true });
  const other = await createUser(database);
  const type = await createVehicleType(database);
  const category = await createCategory(database, type.id);
  const properties = [];
  for (const valueType of [0, 1, 2, 3]) properties.push(await createProperty(database, type.id, { valueType }));
  const ownVehicle = await createVehicle(database, { ownerId: user.id, vehicleTypeId: type.id, vehicleTypeCategoryId: category.id });
  const otherVehicle = await createVehicle(database, { ownerId: other.id, vehicleTypeId: type.id, vehicleTypeCategoryId: category.id });
  const cookie = await signIn(database, user);
  const topUp = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/add-funds',
    headers: { cookie },
    payload: { amount: 5000, cardHolderName: 'Fuzz Tester', cardNumber: '4242424242424242', cvv: '123', expiryMonth: 12, expiryYear: 2030 },
  });
  if (topUp.statusCode !== 200) throw new Error(`fixture top-up failed: ${topUp.body}`);
  const rented = await t.app.inject({
    method: 'POST',
    url: `/api/rental/rent/${otherVehicle.id}`,
    headers: { cookie },
    payload: { bookedDates: [dayAfterStart(3), dayAfterStart(4)] },
  });
  if (rented.statusCode !== 200) throw new Error(`fixture rent failed: ${rented.body}`);
  const rentalId = rented.json<{ id: string }>().id;
  const [message] = await database.db
    .insert(chatMessages)
    .values({ senderId: other.id, receiverId: user.id, text: 'Is it still free?', sentAt: new Date(FUZZ_CLOCK_START) })
    .returning();

  const vehicleIds = [ownVehicle.id, otherVehicle.id];
  const userIds = [user.id, other.id, employee.id];
  const uuids = [...vehicleIds, ...userIds, rentalId, message!.id, ...properties.map((p) => p.id)];
  const ids = [...uuids, String(type.id), String(category.id)];
  const days = fc.integer({ min: 1, max: 90 }).map(dayAfterStart);
  const hints: Hints = {
    vehicleid: fc.constantFrom(...vehicleIds),
    rentalid: fc.constantFrom(rentalId),
    userid: fc.constantFrom(...userIds),
    receiverid: fc.constantFrom(...userIds),
    messageid: fc.constantFrom(message!.id),
    propertyid: fc.constantFrom(...properties.map((p) => p.id)),
    vehicletypeid: fc.constantFrom(type.id, String(type.id)),
    typeid: fc.constantFrom(type.id, String(type.id)),
    vehicletypecategoryid: fc.constantFrom(category.id, String(category.id)),
    bookeddates: fc
      .tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 3 }))
      .map(([start, n]) => Array.from({ length: n }, (_, i) => dayAfterStart(start + i))),
    startdate: days,
    enddate: days,
    cardnumber: fc.constantFrom('4242424242424242', '4242 4242 4242 4242', '4000000000000002', '5555555555554444'),
    cardholdername: fc.constantFrom('Fuzz Tester'),
    expirymonth: fc.integer({ min: 1, max: 12 }),
    expiryyear: fc.integer({ min: 2026, max: 2032 }),
    cvv: fc.constantFrom('123', '1234'),
    amount: fc.integer({ min: 1, max: 1000 }),
    emailorusername: fc.constantFrom(user.username, user.email, 'nobody'),
    password: fc.constantFrom(TEST_PASSWORD, 'Wrong1234', 'Newpassw0rd'),
    currentpassword: fc.constantFrom(TEST_PASSWORD, 'Wrong1234'),
    dateofproduction: fc.constantFrom('2020-05-01', '2019-01-31T00:00:00Z'),
    fueltype: fc.constantFrom<unknown>(...FUEL_TYPES, 1, '2'),
    starrating: fc.integer({ min: 1, max: 5 }),
    priceperday: fc.integer({ min: 1, max: 500 }),
    curbweightinkg: fc.integer({ min: 500, max: 3000 }),
    make: fc.constantFrom('Toyota', 'Škoda'),
    username: fc.stringMatching(/^[a-z][a-z0-9_]{3,12}$/),
  };
  return {
    user,
    employee,
    other,
    hints,
    /** Ids of real rows of every kind, for path parameters. */
    ids,
    images: await imagePool(),
  };
}

export type FuzzWorld = Awaited<ReturnType<typeof buildFuzzWorld>>;

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A PNG whose header claims huge dimensions and has no pixel data: a decompression bomb's first bytes. */
function hugeHeaderPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const body = Buffer.concat([Buffer.from('IHDR'), ihdr]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, body, crc]);
}

/** Small image parts: valid ones, lying ones and broken ones. */
async function imagePool(): Promise<{ name: string; bytes: Buffer; type: string }[]> {
  const pixel = sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366cc' } });
  return [
    { name: 'car.png', bytes: await pixel.clone().png().toBuffer(), type: 'image/png' },
    { name: 'car.jpg', bytes: await pixel.clone().jpeg().toBuffer(), type: 'image/jpeg' },
    { name: 'car.webp', bytes: await pixel.clone().webp().toBuffer(), type: 'image/webp' },
    { name: 'bomb.png', bytes: hugeHeaderPng(30_000, 30_000), type: 'image/png' },
    { name: 'truncated.png', bytes: (await pixel.clone().png().toBuffer()).subarray(0, 40), type: 'image/png' },
    { name: 'notes.txt', bytes: Buffer.from('not an image at all'), type: 'image/png' },
    { name: 'x.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml' },
    { name: 'jpeg-magic.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]), type: 'image/jpeg' },
    { name: '', bytes: Buffer.alloc(0), type: 'application/octet-stream' },
    { name: '../../../etc/passwd.png', bytes: await pixel.clone().png().toBuffer(), type: 'image/png' },
  ];
}
