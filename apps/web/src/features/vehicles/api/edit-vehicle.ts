import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VehiclePaths } from '@rentdrive/contracts/paths/vehicles';
import { VehicleFormFields as F, editPropertyField, type VehicleDetail, Vehicles } from '@rentdrive/contracts/vehicles';
import { readAnswer } from '../../../lib/api-contract';
import { SEARCH_QUERY_PREFIX } from '../../../lib/listing-queries';
import { appendBaseFields, type VehicleBaseInput } from './create-vehicle';
import { sendMultipart } from './send-multipart';
import { VEHICLES_QUERY_KEY } from './vehicles-query-key';

export interface EditVehicleInput extends VehicleBaseInput {
  id: string;
  newImages: File[];
  /** Ids of existing images (VehicleEditLoad.images) the owner removed. */
  removedImageIds: string[];
  onProgress?: (fraction: number) => void;
}

/** PUT /api/vehicle/edit/{id}: Id, the base fields, VehicleTypePropertyInputValues[i].*, NewImages, RemovedImageIds. */
export function buildEditForm(input: EditVehicleInput): FormData {
  const form = new FormData();
  form.append(F.id, input.id);
  appendBaseFields(form, input);
  input.propertyValues.forEach((p, i) => {
    form.append(editPropertyField(i, 'PropertyId'), p.propertyId);
    form.append(editPropertyField(i, 'Value'), p.value);
  });
  for (const id of input.removedImageIds) form.append(F.removedImageIds, id);
  for (const image of input.newImages) form.append(F.newImages, image, image.name);
  return form;
}

export async function editVehicle(input: EditVehicleInput): Promise<VehicleDetail> {
  const result = await sendMultipart('PUT', VehiclePaths.edit(input.id), buildEditForm(input), input.onProgress);
  // Parsed like every other answer (callApi): a mismatch is an ApiContractError.
  return readAnswer(Vehicles.edit, result.status, result.body);
}

export function useEditVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editVehicle,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SEARCH_QUERY_PREFIX }),
      ]),
  });
}
