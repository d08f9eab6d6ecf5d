import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { animationsDone } from './support/animations';

/** Helpers of the vehicles and catalogue specs: images made in the test, catalogue and vehicles through the API. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, a diagonal gradient on the given color) so the server's byte checks and sharp accept it. */
export function makePng(rgb: [number, number, number], width = 160, height = 120): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const shade = Math.round(((x + y) / (width + height)) * 80);
      raw[row + 1 + x * 3] = Math.min(255, rgb[0] + shade);
      raw[row + 2 + x * 3] = Math.min(255, rgb[1] + shade);
      raw[row + 3 + x * 3] = Math.min(255, rgb[2] + shade);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const TEST_IMAGES = [
  { name: 'front.png', mimeType: 'image/png', buffer: makePng([40, 90, 160]) },
  { name: 'side.png', mimeType: 'image/png', buffer: makePng([160, 60, 40]) },
  { name: 'back.png', mimeType: 'image/png', buffer: makePng([40, 140, 80]) },
];

export const shortId = () => randomUUID().replaceAll('-', '').slice(0, 8);

export interface TestCatalogue {
  typeId: number;
  typeName: string;
  categoryId: number;
  categoryName: string;
  /** Property id -> a valid value for it. */
  propertyValues: { propertyId: string; value: string }[];
}

/** A vehicle type of its own (so tests don't depend on the demo seed): a category and one property of each value type. */
export async function createTestCatalogue(employee: APIRequestContext): Promise<TestCatalogue> {
  const typeName = `E2E Van ${shortId()}`;
  const type = await employee.post('/api/vehicletype/create', { data: { id: 0, name: typeName, isNew: true } });
  expect(type.ok(), await type.text()).toBeTruthy();
  const typeId = ((await type.json()) as { id: number }).id;
  const categoryName = 'Camper';
  const category = await employee.post('/api/vehicletypecategory/create', {
    data: { id: 0, name: categoryName, description: 'Sleeps two', vehicleTypeId: typeId },
  });
  expect(category.ok(), await category.text()).toBeTruthy();
  const categoryId = ((await category.json()) as { id: number }).id;
  const properties = [
    { name: 'Seats', valueType: 'Int', unitOfMeasurement: 'None' },
    { name: 'Top speed', valueType: 'Double', unitOfMeasurement: 'KmPerHour' },
    { name: 'Gearbox', valueType: 'String', unitOfMeasurement: 'None' },
    { name: 'Air conditioning', valueType: 'Boolean', unitOfMeasurement: 'None' },
  ];
  const sampleValues: Record<string, string> = { Int: '4', Double: '130.5', String: 'Manual', Boolean: 'true' };
  const propertyValues: TestCatalogue['propertyValues'] = [];
  for (const p of properties) {
    const res = await employee.post('/api/vehicletypeproperty/create', { data: { id: 'new', isNew: true, vehicleTypeId: typeId, ...p } });
    expect(res.ok(), await res.text()).toBeTruthy();
    propertyValues.push({ propertyId: ((await res.json()) as { id: string }).id, value: sampleValues[p.valueType]! });
  }
  return { typeId, typeName, categoryId, categoryName, propertyValues };
}

/** Lists a vehicle through the API (multipart, three images) and answers its id. */
export async function createVehicleViaApi(
  owner: APIRequestContext,
  catalogue: TestCatalogue,
  make = 'Testmobil',
  { companyProperty = false }: { companyProperty?: boolean } = {},
): Promise<string> {
  const form = new FormData();
  const fields: Record<string, string> = {
    Make: make,
    Model: `M${shortId()}`,
    Color: 'Blue',
    PricePerDay: '45.5',
    isCompanyProperty: String(companyProperty),
    FuelType: 'Diesel',
    DateOfProduction: '2019-05-01',
    CurbWeightInKg: '2100',
    Description: 'A test vehicle made by the end-to-end tests.',
    VehicleTypeId: String(catalogue.typeId),
    VehicleTypeCategoryId: String(catalogue.categoryId),
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  catalogue.propertyValues.forEach((p, i) => {
    form.append(`PropertyValues[${i}].PropertyId`, p.propertyId);
    form.append(`PropertyValues[${i}].Value`, p.value);
  });
  for (const image of TEST_IMAGES) form.append('Images', new File([new Uint8Array(image.buffer)], image.name, { type: image.mimeType }));
  const res = await owner.post('/api/vehicle/create', { multipart: form });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: string }).id;
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** With SHOTS=1, desktop and 360 px screenshots into .tmp/shots/vehicles-<name>-{desktop,phone}.png. */
export async function shoot(page: Page, name: string, fullPage = true) {
  if (!process.env.SHOTS) return;
  mkdirSync('.tmp/shots', { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  // Sticky header and price panel would otherwise be drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `.tmp/shots/vehicles-${name}-desktop.png`, fullPage });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: `.tmp/shots/vehicles-${name}-phone.png`, fullPage });
  await page.setViewportSize(size);
}

/** The vehicle form's pick-up place (required for a new listing): a city picked from the suggestions. */
export async function pickPlace(page: Page, city = 'Berlin') {
  await page.getByLabel('City or postcode').fill(city);
  await page
    .getByRole('option', { name: new RegExp(`^${city}`) })
    .first()
    .click();
  await expect(page.getByText('Choose the pick-up place: a city or postcode, then the pin on the map.')).toHaveCount(0);
}
