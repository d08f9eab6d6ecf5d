import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { endpointResponse, jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { VehicleTypesTable } from './vehicle-types-table';

afterEach(() => vi.unstubAllGlobals());

/** A catalogue of two types, Car with a German and a French name; records what is saved and the language asked. */
function stubCatalogue() {
  const saved: unknown[] = [];
  const languages: (string | null)[] = [];
  let translations = { de: 'Auto', fr: 'Voiture' } as Record<string, string>;
  stubFetch((url, init) => {
    if (url === '/api/vehicletype/types') {
      languages.push(new Headers(init?.headers).get('Accept-Language'));
      return endpointResponse(Catalogue.types, [
        { id: 1, name: 'Car', availableFuels: [] },
        { id: 2, name: 'Truck', availableFuels: [] },
      ]);
    }
    if (url === '/api/catalogue/translations') {
      return endpointResponse(Catalogue.translations, {
        types: [
          { id: 1, translations },
          { id: 2, translations: {} },
        ],
        categories: [],
        properties: [],
      });
    }
    if (url === '/api/vehicletype/edit/1') {
      const body = sentJson(init) as { translations: Record<string, string> };
      saved.push(body);
      translations = Object.fromEntries(Object.entries(body.translations).filter(([, v]) => v !== ''));
      return endpointResponse(Catalogue.editType, { id: 1, name: 'Car', availableFuels: [] });
    }
    return jsonResponse(null, 404);
  });
  return { saved, languages };
}

describe('VehicleTypesTable: names per language', () => {
  it('shows each type with its names in the other languages, and saves a name per language', async () => {
    const user = userEvent.setup();
    const { saved, languages } = stubCatalogue();
    renderWithApp(<VehicleTypesTable />);

    const car = (await screen.findByText('Car')).closest('tr')!;
    // The English names are edited here, whatever language the page is in.
    expect(languages.every((l) => l === 'en')).toBe(true);
    expect(within(car).getByText('Auto')).toHaveAttribute('lang', 'de');
    expect(within(car).getByText('Voiture')).toHaveAttribute('lang', 'fr');
    expect(within(car).getByTitle('Deutsch')).toHaveTextContent('de');
    const truck = screen.getByText('Truck').closest('tr')!;
    expect(within(truck).getByText('English only')).toBeInTheDocument();

    await user.click(within(car).getByRole('button', { name: /Edit Car/ }));
    const row = screen.getByDisplayValue('Car').closest('tr')!;
    const french = within(row).getByRole('textbox', { name: 'Français' });
    expect(french).toHaveValue('Voiture');
    expect(within(row).getByRole('textbox', { name: 'Deutsch' })).toHaveValue('Auto');
    expect(within(row).getByRole('textbox', { name: 'Italiano' })).toHaveValue('');
    await user.clear(french);
    await user.type(french, 'Automobile');
    await user.type(within(row).getByRole('textbox', { name: 'Italiano' }), 'Automobile');
    await user.clear(within(row).getByRole('textbox', { name: 'Deutsch' }));
    await user.click(within(row).getByRole('button', { name: /Save/ }));

    await vi.waitFor(() =>
      expect(saved).toEqual([
        expect.objectContaining({ name: 'Car', translations: { de: '', fr: 'Automobile', es: '', it: 'Automobile', nl: '' } }),
      ]),
    );
    // Back to reading: the saved names, German gone.
    const after = (await screen.findAllByText('Automobile'))[0]!.closest('tr')!;
    expect(within(after).queryByText('Auto')).not.toBeInTheDocument();
    expect(
      within(after)
        .getAllByText('Automobile')
        .map((el) => el.getAttribute('lang')),
    ).toEqual(['fr', 'it']);
  });
});
