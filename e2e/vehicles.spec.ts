import type { Browser } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, registerUser, signedInContext } from './support/users';
import {
  createTestCatalogue,
  createVehicleViaApi,
  expectNoSeriousA11yViolations,
  pickPlace,
  shoot,
  shortId,
  TEST_IMAGES,
  type TestCatalogue,
} from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

let catalogue: TestCatalogue;

test.beforeAll(async ({ browser, baseURL }) => {
  const employee = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  catalogue = await createTestCatalogue(employee.request);
  await employee.close();
});

async function newUserContext(browser: Browser, baseURL: string) {
  const setup = await browser.newContext({ baseURL });
  const user = await registerUser(setup.request, 'veh');
  await setup.close();
  return { user, context: await signedInContext(browser, baseURL, user.username, user.password) };
}

test('a user lists a vehicle with three images, edits it, removes an image and deletes it', async ({ browser, baseURL }) => {
  test.slow();
  const { context } = await newUserContext(browser, baseURL!);
  const page = await context.newPage();
  const model = `Nomad ${shortId()}`;

  await page.goto('/profile/vehicles');
  await expect(page.getByText("You haven't listed any vehicles yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'my-vehicles-empty');
  await page.getByRole('main').getByRole('link', { name: 'List a vehicle' }).click();
  await expect(page).toHaveURL(/\/manage\/vehicles\/create$/);

  // Nothing filled: the form says what is missing, images included.
  await page.getByRole('button', { name: 'List Vehicle' }).click();
  await expect(page.getByText('Make is required.')).toBeVisible();
  await expect(page.getByText('Please upload at least one image.')).toBeVisible();

  await page.getByLabel('Make').fill('Westfalia');
  await page.getByLabel('Model').fill(model);
  await page.getByLabel('Color').fill('Sand');
  await page.getByLabel('Date of production').fill('2018-04-12');
  await page.getByLabel('Price per day (€)').fill('79.9');
  await page.getByLabel('Curb weight (kg)').fill('2350');
  await page.getByLabel('Description').fill('A cosy camper van with a pop-up roof.');
  await page.getByLabel('Vehicle type').selectOption({ label: catalogue.typeName });
  await page.getByLabel('Fuel type').selectOption('Diesel');
  await page.getByLabel('Category').selectOption({ label: catalogue.categoryName });
  await pickPlace(page);
  // The type's properties appear: required except the boolean; numbers at least 1.
  await page.getByLabel('Seats').fill('0');
  await page.getByLabel('Top speed (km/h)').fill('140');
  await page.getByLabel('Gearbox').fill('Manual');
  await page.getByLabel('Air conditioning').check();
  await page.getByLabel('Choose images').setInputFiles(TEST_IMAGES);
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'List Vehicle' }).click();
  await expect(page.getByText('Please enter a whole number of at least 1.')).toBeVisible();
  await page.getByLabel('Seats').fill('4');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'create');
  await page.getByRole('button', { name: 'List Vehicle' }).click();
  await expect(page).toHaveURL(/\/listing/);

  // My Vehicles shows it; its name leads to the details page.
  await page.goto('/profile/vehicles');
  const row = page.getByRole('row').filter({ hasText: model });
  await expect(row).toContainText('Diesel');
  await expect(row).toContainText('79.90€');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'my-vehicles');
  await row.getByRole('link', { name: `Westfalia ${model}`, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Westfalia ${model}`);
  await expect(page.getByText('1 / 3')).toBeVisible();
  const info = page.getByRole('region', { name: 'Vehicle Information' });
  await expect(info).toContainText(`${catalogue.typeName} - ${catalogue.categoryName}`);
  await expect(info).toContainText('2018');
  await expect(info).toContainText('2350 kg');
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('140 km/h');
  await expect(details).toContainText('Yes');
  await expect(page.getByText("This vehicle hasn't been reviewed yet.")).toBeVisible();
  await expect(page.locator('[data-slot="rent-panel"]')).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'details-owner');

  // Edit: a new price, one image fewer; back on the vehicle's page.
  await page.getByRole('button', { name: 'Manage this vehicle' }).click();
  await page.getByRole('menuitem', { name: 'Edit vehicle' }).click();
  await expect(page).toHaveURL(/\/manage\/vehicles\/edit\//);
  await expect(page.getByLabel('Make')).toHaveValue('Westfalia');
  await expect(page.getByLabel('Seats')).toHaveValue('4');
  await page.getByLabel('Price per day (€)').fill('85');
  await page.getByRole('button', { name: 'Remove Current image 2' }).click();
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/api\/vehicle\/[0-9a-f-]+$/);
  await expect(page.getByRole('complementary', { name: 'Price and booking' })).toContainText('85.00€');
  await expect(page.getByText('1 / 2')).toBeVisible();

  // Delete after confirming: gone from My Vehicles.
  await page.getByRole('button', { name: 'Manage this vehicle' }).click();
  await page.getByRole('menuitem', { name: 'Delete vehicle' }).click();
  await page.getByRole('dialog', { name: 'Delete this vehicle?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/listing/);
  await page.goto('/profile/vehicles');
  await expect(page.getByText("You haven't listed any vehicles yet.")).toBeVisible();
  await context.close();
});

test('a visitor browses the gallery and the full-screen image view', async ({ browser, baseURL }) => {
  const { context: owner } = await newUserContext(browser, baseURL!);
  const vehicleId = await createVehicleViaApi(owner.request, catalogue);
  await owner.close();

  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  await page.goto(`/api/vehicle/${vehicleId}`);
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText('1 / 3')).toBeVisible();
  // Previous from the first image wraps to the last; next from the last wraps to the first.
  await photos.getByRole('button', { name: 'Previous image' }).click();
  await expect(photos.getByText('3 / 3')).toBeVisible();
  await photos.getByRole('button', { name: 'Next image' }).click();
  await expect(photos.getByText('1 / 3')).toBeVisible();
  await photos.getByRole('button', { name: 'Show image 2' }).click();
  await expect(photos.getByText('2 / 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage this vehicle' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'details-visitor');

  await photos.getByRole('button', { name: /full screen/ }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toContainText('image 2 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('image 3 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('image 1 of 3');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('image 3 of 3');
  // Focus stays inside the viewer.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(viewer.locator(':focus')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'lightbox', false);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(photos.getByText('3 / 3')).toBeVisible();
  await visitor.close();
});

test('another signed-in user sees no edit menu; an unknown id says the vehicle is not found', async ({ browser, baseURL }) => {
  const { context: owner } = await newUserContext(browser, baseURL!);
  const vehicleId = await createVehicleViaApi(owner.request, catalogue);
  await owner.close();

  const context = await signedInContext(browser, baseURL!, DEMO.alice, DEMO_PASSWORD);
  const page = await context.newPage();
  await page.goto(`/api/vehicle/${vehicleId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Testmobil');
  await expect(page.getByRole('button', { name: 'Manage this vehicle' })).toHaveCount(0);

  await page.goto('/api/vehicle/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Vehicle not found.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'not-found');
  await context.close();
});

test('an employee sees the manage menu on any vehicle', async ({ browser, baseURL }) => {
  const { context: owner } = await newUserContext(browser, baseURL!);
  const vehicleId = await createVehicleViaApi(owner.request, catalogue);
  await owner.close();

  const context = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  const page = await context.newPage();
  await page.goto(`/api/vehicle/${vehicleId}`);
  await page.getByRole('button', { name: 'Manage this vehicle' }).click();
  // A personal vehicle: employees may delete it but only its owner edits it.
  await expect(page.getByRole('menuitem', { name: 'Delete vehicle' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit vehicle' })).toHaveCount(0);
  await context.close();
});

test('a vehicle listed through the form is found in the listing at once, and not after it is deleted', async ({ browser, baseURL }) => {
  test.slow();
  const { context } = await newUserContext(browser, baseURL!);
  const page = await context.newPage();
  // The suffix is a word no other vehicle holds, so the search answers this vehicle and nothing else
  // (every query word must match; a retry's vehicle carries another suffix).
  const model = `Skylark ${shortId()}`;

  await page.goto('/profile/vehicles');
  await page.getByRole('main').getByRole('link', { name: 'List a vehicle' }).click();
  await page.getByLabel('Make').fill('Karmann');
  await page.getByLabel('Model').fill(model);
  await page.getByLabel('Color').fill('Teal');
  await page.getByLabel('Date of production').fill('2020-03-02');
  await page.getByLabel('Price per day (€)').fill('64');
  await page.getByLabel('Curb weight (kg)').fill('1900');
  await page.getByLabel('Description').fill('A compact camper for two.');
  await page.getByLabel('Vehicle type').selectOption({ label: catalogue.typeName });
  // The type's fuels: the other tests list its vehicles as Diesel.
  await page.getByLabel('Fuel type').selectOption('Diesel');
  await page.getByLabel('Category').selectOption({ label: catalogue.categoryName });
  await page.getByLabel('Seats').fill('2');
  await page.getByLabel('Top speed (km/h)').fill('150');
  await page.getByLabel('Gearbox').fill('Automatic');
  await pickPlace(page);
  await page.getByLabel('Choose images').setInputFiles(TEST_IMAGES.slice(0, 1));
  await page.getByRole('button', { name: 'List Vehicle' }).click();
  await expect(page).toHaveURL(/\/listing/);

  // Straight away, from the listing the app opened: the search finds the new vehicle, and only it.
  const searchBox = page.getByRole('searchbox', { name: 'Search vehicles' });
  const results = page.getByRole('main').locator('article');
  await searchBox.fill(model);
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/[?&]q=Skylark/);
  await expect(page.getByText('1 vehicle found', { exact: true })).toBeVisible();
  await expect(results).toHaveCount(1);
  await expect(results).toContainText('Karmann');
  await expect(results).toContainText(model);
  await expect(results).toContainText('64.00€');

  // Deleted from My Vehicles, then back to the same listing without reloading the app (the page's
  // cached answer must be refreshed, not shown again): the same search finds nothing.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/profile/vehicles');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('button', { name: `Delete Karmann ${model}`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete this vehicle?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("You haven't listed any vehicles yet.")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=Skylark/);
  await expect(page.getByText('No vehicles found matching your filters.')).toBeVisible();
  await expect(results).toHaveCount(0);
  await context.close();
});
