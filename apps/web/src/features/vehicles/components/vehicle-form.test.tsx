import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { VehicleForm, type VehicleFormSubmit } from './vehicle-form';
import { propertyValuesForWire, type PropertyField, type VehicleFormValues } from './vehicle-form-schema';

const blank: VehicleFormValues = {
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
};

/** A file whose first bytes are a PNG's (the picker reads them; the name and type do not count). */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name: string) => new File([PNG_BYTES], name, { type: 'image/png' });

const fields: Record<number, PropertyField[]> = {
  1: [
    { propertyId: 'seats', name: 'Seats', valueType: 'Int', unitOfMeasurement: 'None' },
    { propertyId: 'abs', name: 'ABS', valueType: 'Boolean', unitOfMeasurement: 'None' },
  ],
  2: [{ propertyId: 'frame', name: 'Frame size', valueType: 'Int', unitOfMeasurement: 'cm' }],
  3: [
    { propertyId: 'seats3', name: 'Seats', valueType: 'Int', unitOfMeasurement: 'None' },
    { propertyId: 'range', name: 'Range', valueType: 'Int', unitOfMeasurement: 'Km' },
  ],
};

function renderForm(onSubmit: (s: VehicleFormSubmit) => Promise<void>) {
  // The place section asks for suggestions through the query client (issue 26).
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <VehicleForm
          mode="create"
          types={[
            { id: 1, name: 'Car', availableFuels: [{ id: 1, name: 'Petrol' }] },
            { id: 2, name: 'Bicycle', availableFuels: [] },
            {
              id: 3,
              name: 'Van',
              availableFuels: [
                { id: 1, name: 'Petrol' },
                { id: 3, name: 'Electric' },
              ],
            },
          ]}
          categories={[
            { id: 10, name: 'Sedan', description: '', vehicleTypeId: 1 },
            { id: 20, name: 'Road', description: '', vehicleTypeId: 2 },
            { id: 30, name: 'Minivan', description: '', vehicleTypeId: 3 },
          ]}
          fuels={[
            { id: 0, name: 'None' },
            { id: 1, name: 'Petrol' },
            { id: 3, name: 'Electric' },
            { id: 6, name: 'Hydrogen' },
          ]}
          propertyFieldsOf={(id) => fields[id] ?? []}
          defaultValues={blank}
          canChooseOwnership={false}
          submitLabel="List Vehicle"
          cancelTo="/"
          onSubmit={onSubmit}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillValidCar(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Make/), 'Audi');
  await user.type(screen.getByLabelText(/^Model/), 'A4');
  await user.type(screen.getByLabelText(/^Color/), 'Black');
  await user.type(screen.getByLabelText(/^Date of production/), '2020-03-01');
  await user.type(screen.getByLabelText(/^Price per day/), '55');
  await user.type(screen.getByLabelText(/^Curb weight/), '1500');
  await user.type(screen.getByLabelText(/^Description/), 'Nice car');
  await user.selectOptions(screen.getByLabelText(/^Vehicle type/), 'Car');
  await user.selectOptions(screen.getByLabelText(/^Fuel type/), 'Petrol');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'Sedan');
  await user.type(screen.getByLabelText(/^Seats/), '5');
  await user.upload(screen.getByLabelText(/Choose images/), png('a.png'));
  await screen.findByRole('list', { name: 'Selected images' });
}

describe('VehicleForm', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('limits categories and property inputs to the chosen type', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn());
    await user.selectOptions(screen.getByLabelText(/^Vehicle type/), 'Bicycle');
    expect(screen.getByRole('option', { name: 'Road' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Sedan' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Frame size \(cm\)/)).toHaveAttribute('type', 'number');
    expect(screen.queryByLabelText(/^Seats/)).not.toBeInTheDocument();
  });

  it("offers the chosen type's fuels only, and clears a fuel the next type does not offer", async () => {
    const user = userEvent.setup();
    renderForm(vi.fn());
    const fuel = screen.getByLabelText(/^Fuel type/);
    expect(fuel).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/^Vehicle type/), 'Car');
    expect(fuel).toBeEnabled();
    expect(
      within(fuel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a fuel type', 'Petrol']);
    // A type nobody lists yet offers every fuel.
    await user.selectOptions(screen.getByLabelText(/^Vehicle type/), 'Bicycle');
    await user.selectOptions(fuel, 'Hydrogen');
    await user.selectOptions(screen.getByLabelText(/^Vehicle type/), 'Car');
    expect(fuel).toHaveValue('');
  });

  it('lets the image messages follow the selection and names the files left out', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn());
    await user.click(screen.getByRole('button', { name: 'List Vehicle' }));
    expect(await screen.findByText('Please upload at least one image.')).toBeInTheDocument();
    const files = Array.from({ length: 16 }, (_, i) => png(`photo-${i + 1}.png`));
    await user.upload(screen.getByLabelText(/Choose images/), files);
    expect(await within(await screen.findByRole('list', { name: 'Selected images' })).findAllByRole('img')).toHaveLength(15);
    expect(screen.queryByText('Please upload at least one image.')).not.toBeInTheDocument();
    expect(screen.getByText('A vehicle can have at most 15 images. Not added: photo-16.png.')).toBeInTheDocument();
    // Removing one makes room: the refusal goes away.
    await user.click(screen.getByRole('button', { name: 'Remove photo-1.png' }));
    expect(screen.queryByText(/at most 15 images/)).not.toBeInTheDocument();
  });

  it('names a file of the wrong kind instead of dropping it silently', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(vi.fn());
    await user.upload(screen.getByLabelText(/Choose images/), [
      new File(['GIF89a......'], 'anim.gif', { type: 'image/gif' }),
      png('ok.png'),
    ]);
    expect(await screen.findByText('Only JPEG, PNG or WebP images are accepted. Not added: anim.gif.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Selected images' })).getAllByRole('img')).toHaveLength(1);
  });

  it('refuses a picked file that is not an image by its content, by name, before anything is sent', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await user.upload(screen.getByLabelText(/Choose images/), [
      new File(['%PDF-1.7 notes'], 'notes.pdf', { type: 'application/pdf' }),
      // Named and typed like a photo, but a text inside.
      new File(['just some text'], 'holiday.jpg', { type: 'image/jpeg' }),
    ]);
    expect(await screen.findByText('notes.pdf is not an image.')).toBeInTheDocument();
    expect(screen.getByText('holiday.jpg is not an image.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Selected images' })).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the type, category and fuel first, before the make and the rest', () => {
    renderForm(vi.fn());
    const order = [/^Vehicle type/, /^Category/, /^Fuel type/, /^Make/, /^Description/].map((label) => screen.getByLabelText(label));
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it("does not require a property that does not concern the fuel (a petrol van's range), but does for an electric one", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(s: VehicleFormSubmit) => Promise<void>>().mockResolvedValue(undefined);
    renderForm(onSubmit);
    await fillValidCar(user);
    await user.selectOptions(screen.getByLabelText(/^Vehicle type/), 'Van');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Minivan');
    await user.selectOptions(screen.getByLabelText(/^Fuel type/), 'Electric');
    await user.type(screen.getByLabelText(/^Seats/), '7');
    const range = screen.getByLabelText(/^Range \(km\)/);
    expect(range).toHaveAttribute('aria-required', 'true');
    await user.click(screen.getByRole('button', { name: 'List Vehicle' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(/^Fuel type/), 'Petrol');
    expect(range).not.toHaveAttribute('aria-required');
    expect(screen.getByText('Optional for this fuel.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List Vehicle' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const submitted = onSubmit.mock.calls[0]![0];
    expect(propertyValuesForWire(submitted.propertyFields, submitted.values.properties)).toEqual([
      { propertyId: 'seats3', value: '7' },
      { propertyId: 'range', value: '' },
    ]);
  });

  it('asks for at least one image before sending anything', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    await user.click(screen.getByRole('button', { name: 'List Vehicle' }));
    expect(await screen.findByText('Please upload at least one image.')).toBeInTheDocument();
    expect(screen.getByText('Make is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the values, the unchecked boolean as false, and shows the server's sentence when refused", async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn<(s: VehicleFormSubmit) => Promise<void>>()
      .mockRejectedValue(new ApiError({ status: 400, detail: 'Only JPEG, PNG or WebP images are accepted.' }));
    renderForm(onSubmit);
    await fillValidCar(user);
    expect(screen.getByRole('list', { name: 'Selected images' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List Vehicle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only JPEG, PNG or WebP images are accepted.');
    const submitted = onSubmit.mock.calls[0]![0];
    expect(submitted.values).toMatchObject({ make: 'Audi', pricePerDay: '55', vehicleTypeCategoryId: '10' });
    expect(propertyValuesForWire(submitted.propertyFields, submitted.values.properties)).toEqual([
      { propertyId: 'seats', value: '5' },
      { propertyId: 'abs', value: 'false' },
    ]);
    expect(submitted.images.picked).toHaveLength(1);
    // The button is usable again after a refusal.
    expect(screen.getByRole('button', { name: 'List Vehicle' })).toBeEnabled();
  });

  it("puts a refusal's field errors on their fields and the images' on the picker", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(s: VehicleFormSubmit) => Promise<void>>().mockRejectedValue(
      new ApiError({
        status: 400,
        detail: 'One or more validation errors occurred.',
        fieldErrors: { make: ['Make is too long.'], images: ['These images have too many pixels together.'] },
      }),
    );
    renderForm(onSubmit);
    await fillValidCar(user);
    await user.click(screen.getByRole('button', { name: 'List Vehicle' }));
    expect(await screen.findByText('Make is too long.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Make/ })).toHaveAccessibleDescription(/Make is too long\./);
    expect(screen.getByText('These images have too many pixels together.')).toBeInTheDocument();
  });
});
