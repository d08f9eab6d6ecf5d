import { expect, test } from './support/test';
import { DEMO, DEMO_PASSWORD, signedInContext } from './support/users';
import { expectNoSeriousA11yViolations, shoot, shortId } from './vehicles-support';

// Every test makes its own users, vehicles and catalogue rows: the two workers share this file's tests
// (issue 23: a file is otherwise one unit of distribution, and the longest files decided the run's end).
test.describe.configure({ mode: 'parallel' });

test('an employee adds a type, a category and a property, edits one and deletes one', async ({ browser, baseURL }) => {
  test.slow();
  const context = await signedInContext(browser, baseURL!, DEMO.employee, DEMO_PASSWORD);
  const page = await context.newPage();
  // Every name and description the test creates carries a suffix of its own: a retry against the same
  // database then finds only this run's rows (strict mode fails on two matches).
  const runId = shortId();
  const typeName = `E2E Type ${runId}`;
  const categoryName = `Minivan ${runId}`;
  const renamedCategory = `Family van ${runId}`;
  const categoryDescription = `Seven seats and sliding doors ${runId}`;

  // Vehicle type: an empty name is refused locally, then the new row is saved.
  await page.goto('/manage/vehicle-types');
  await expect(page.getByRole('heading', { name: 'Vehicle Types' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Vehicle Type' }).click();
  await page.getByRole('button', { name: 'Save new vehicle type' }).click();
  await expect(page.getByText('Name cannot be empty.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(typeName);
  await page.getByRole('button', { name: 'Save new vehicle type' }).click();
  await expect(page.getByRole('cell', { name: typeName, exact: true })).toBeVisible();
  // The saved row leaves editing (the list may show the new type a moment before the row closes).
  await expect(page.getByRole('button', { name: 'Save new vehicle type' })).toHaveCount(0);

  // Cancel removes an unsaved row.
  await page.getByRole('button', { name: 'Add Vehicle Type' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel editing new vehicle type' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);

  // A taken name is the server's refusal, shown in the common error modal.
  await page.getByRole('button', { name: 'Add Vehicle Type' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(typeName);
  await page.getByRole('button', { name: 'Save new vehicle type' }).click();
  const errorModal = page.getByRole('dialog', { name: 'Error' });
  await expect(errorModal).toBeVisible();
  await expect(errorModal.getByRole('alert')).not.toHaveText('');
  await errorModal.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Cancel editing new vehicle type' }).click();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'manage-types');

  // Category: 'Please enter valid data!' until name, description and type are there.
  await page.goto('/manage/vehicle-type-categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(categoryName);
  await page.getByRole('button', { name: 'Save new category' }).click();
  await expect(page.getByText('Please enter valid data!')).toBeVisible();
  await shoot(page, 'manage-categories-editing');
  await page.getByRole('textbox', { name: 'Description' }).fill(categoryDescription);
  await page.getByRole('combobox', { name: 'Vehicle type', exact: true }).selectOption({ label: typeName });
  await page.getByRole('button', { name: 'Save new category' }).click();
  const categoryRow = page.getByRole('row').filter({ hasText: categoryDescription });
  await expect(categoryRow).toContainText(typeName);

  // Edit the category's name.
  await categoryRow.getByRole('button', { name: `Edit ${categoryName}`, exact: true }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(renamedCategory);
  await page.getByRole('button', { name: `Save ${categoryName}`, exact: true }).click();
  await expect(page.getByRole('cell', { name: renamedCategory, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'manage-categories');

  // Property with value type, unit and type.
  const propertyName = `Doors ${runId}`;
  await page.goto('/manage/vehicle-type-properties');
  // Filtering by the new type (empty so far) also preselects it for a new row.
  await page.getByRole('combobox', { name: 'Show vehicle type' }).selectOption({ label: typeName });
  await expect(page.getByText('No properties of this vehicle type yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Property' }).click();
  await expect(page.getByRole('combobox', { name: 'Vehicle type', exact: true })).toHaveValue(/\d+/);
  await page.getByRole('textbox', { name: 'Name' }).fill(propertyName);
  await page.getByRole('combobox', { name: 'Value type' }).selectOption('Int');
  await page.getByRole('combobox', { name: 'Unit of measurement' }).selectOption('None');
  await page.getByRole('button', { name: 'Save new property' }).click();
  const propertyRow = page.getByRole('row').filter({ hasText: propertyName });
  await expect(propertyRow).toContainText('Whole number');
  await expect(propertyRow).toContainText(typeName);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'manage-properties');

  // Delete it, after confirming.
  await propertyRow.getByRole('button', { name: `Delete ${propertyName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this property?' });
  await expect(confirm).toContainText(propertyName);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: propertyName })).toHaveCount(0);
  await context.close();
});

test('a signed-in user who is not an employee is sent away from catalogue management', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, DEMO.alice, DEMO_PASSWORD);
  const page = await context.newPage();
  await page.goto('/manage/vehicle-types');
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});
