import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../i18n/catalogues';
import { renderWithApp } from '../../../test/render';
import { VehicleForm } from './vehicle-form';
import { VehicleInfoCard } from './vehicle-info-card';

const card = { id: '00000000-0000-4000-8000-000000000001' };

beforeAll(() => loadCatalogue('de'));

describe('fuel names in German', () => {
  it('names the vehicle page’s fuel in German', () => {
    renderWithApp(
      <VehicleInfoCard
        vehicle={{
          id: card.id,
          make: 'Audi',
          model: 'A4',
          color: 'Schwarz',
          fuelType: 'Hydrogen',
          dateOfProduction: '2020-01-01',
          curbWeightInKg: 1500,
          description: '',
          pricePerDay: 40,
          ownerId: '00000000-0000-4000-8000-000000000002',
          ownerName: 'owner',
          isCompanyProperty: false,
          vehicleType: 'Auto',
          vehicleTypeCategory: 'Limousine',
          starsRating: 0,
          reviewCount: 0,
          imageURLS: [],
          thumbnailURLS: [],
          vehicleProperties: [],
          vehicleReviews: [],
        }}
      />,
      { locale: 'de' },
    );
    expect(screen.getByText('Wasserstoff')).toBeInTheDocument();
    expect(screen.queryByText('Hydrogen')).not.toBeInTheDocument();
  });

  it('offers the vehicle form’s fuels by their German names and keeps the English value it sends', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <VehicleForm
        mode="create"
        types={[
          {
            id: 3,
            name: 'Transporter',
            availableFuels: [
              { id: 1, name: 'Petrol' },
              { id: 3, name: 'Electric' },
            ],
          },
        ]}
        categories={[{ id: 30, name: 'Kleinbus', description: '', vehicleTypeId: 3 }]}
        fuels={[
          { id: 0, name: 'None' },
          { id: 1, name: 'Petrol' },
          { id: 3, name: 'Electric' },
        ]}
        propertyFieldsOf={() => []}
        defaultValues={{
          make: '',
          model: '',
          color: '',
          dateOfProduction: '',
          pricePerDay: '',
          curbWeightInKg: '',
          fuelType: '',
          description: '',
          vehicleTypeId: '',
          vehicleTypeCategoryId: '',
          ownership: 'personal',
          properties: {},
        }}
        canChooseOwnership={false}
        submitLabel="Fahrzeug einstellen"
        cancelTo="/"
        onSubmit={async () => {}}
      />,
      { locale: 'de' },
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /^Fahrzeugtyp/ }), 'Transporter');
    const fuel = screen.getByRole('combobox', { name: /^Kraftstoffart/ });
    const options = within(fuel).getAllByRole('option').slice(1);
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['Benzin', 'Petrol'],
      ['Elektro', 'Electric'],
    ]);
  });
});
