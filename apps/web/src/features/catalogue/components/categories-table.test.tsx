import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { CategoriesTable } from './categories-table';

afterEach(() => vi.unstubAllGlobals());

function stubCatalogue() {
  const posts: unknown[] = [];
  stubFetch((url, init) => {
    if (url === '/api/vehicletype/types') return jsonResponse([{ id: 1, name: 'Car', availableFuels: [] }]);
    if (url === '/api/vehicletypecategory/all') return jsonResponse([]);
    if (url === '/api/catalogue/translations') return jsonResponse({ types: [], categories: [], properties: [] });
    if (url === '/api/vehicletypecategory/create') {
      posts.push(sentJson(init));
      return jsonResponse({ id: 7, name: 'SUV', description: 'Tall', vehicleTypeId: 1 });
    }
    return jsonResponse(null, 404);
  });
  return posts;
}

describe('CategoriesTable', () => {
  it("keeps the spec's 'Please enter valid data!' and marks each missing field until it is filled", async () => {
    const user = userEvent.setup();
    const posts = stubCatalogue();
    renderWithApp(<CategoriesTable />);
    // 'Add Category' adds a row once the categories have loaded (their schemas load with the first call).
    await screen.findByText(/No vehicle categories yet/);
    await user.click(screen.getByRole('button', { name: /Add Category/ }));
    const row = screen.getAllByRole('row')[1]!;
    const name = within(row).getByRole('textbox', { name: 'Name' });
    const description = within(row).getByRole('textbox', { name: 'Description' });
    const type = within(row).getByRole('combobox', { name: 'Vehicle type' });

    await user.type(name, 'SUV');
    await user.click(within(row).getByRole('button', { name: 'Save new category' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Please enter valid data!');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription('Required.');
    expect(type).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    await user.type(description, 'Tall');
    expect(description).not.toHaveAttribute('aria-invalid');
    expect(type).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(type, 'Car');
    await user.click(within(row).getByRole('button', { name: 'Save new category' }));
    await vi.waitFor(() => expect(posts).toEqual([expect.objectContaining({ name: 'SUV', description: 'Tall', vehicleTypeId: 1 })]));
  });
});
