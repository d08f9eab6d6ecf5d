import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VehiclePaths } from '@rentdrive/contracts/paths/vehicles';
import { VehicleFormFields as F, createPropertyField, type VehicleDetail, Vehicles } from '@rentdrive/contracts/vehicles';
import { readAnswer } from '../../../lib/api-contract';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { sendMultipart } from './send-multipart';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

export interface VehicleBaseInput {
  make: string;
  model: string;
  color: string;
  pricePerDay: number;
  fuelType: string;
  /** 'YYYY-MM-DD' */
  dateOfProduction: string;
  curbWeightInKg: number;
  description: string;
  vehicleTypeId: number;
  vehicleTypeCategoryId: number;
  propertyValues: { propertyId: string; value: string }[];
}

export interface CreateVehicleInput extends VehicleBaseInput {
  isCompanyProperty: boolean;
  images: File[];
  onProgress?: (fraction: number) => void;
}

export function appendBaseFields(form: FormData, input: VehicleBaseInput) {
  form.append(F.make, input.make);
  form.append(F.model, input.model);
  form.append(F.color, input.color);
  form.append(F.pricePerDay, String(input.pricePerDay));
  form.append(F.fuelType, input.fuelType);
  form.append(F.dateOfProduction, input.dateOfProduction);
  form.append(F.curbWeightInKg, String(input.curbWeightInKg));
  form.append(F.description, input.description);
  form.append(F.vehicleTypeId, String(input.vehicleTypeId));
  form.append(F.vehicleTypeCategoryId, String(input.vehicleTypeCategoryId));
}

/** POST /api/vehicle/create, multipart with the field names the existing client sends (VehicleFormFields). */
export function buildCreateForm(input: CreateVehicleInput): FormData {
  const form = new FormData();
  appendBaseFields(form, input);
  form.append(F.isCompanyProperty, String(input.isCompanyProperty));
  input.propertyValues.forEach((p, i) => {
    form.append(createPropertyField(i, 'PropertyId'), p.propertyId);
    form.append(createPropertyField(i, 'Value'), p.value);
  });
  for (const image of input.images) form.append(F.images, image, image.name);
  return form;
}

export async function createVehicle(input: CreateVehicleInput): Promise<VehicleDetail> {
  const result = await sendMultipart('POST', VehiclePaths.create, buildCreateForm(input), input.onProgress);
  // Parsed like every other answer (callApi): a mismatch is an ApiContractError.
  return readAnswer(Vehicles.create, result.status, result.body);
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SEARCH_QUERY_PREFIX }),
      ]),
  });
}
