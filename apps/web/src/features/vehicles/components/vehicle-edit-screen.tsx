import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { VehiclePaths } from '@rentdrive/contracts/paths/vehicles';
import type { VehicleEditLoad } from '@rentdrive/contracts/vehicles';
import { buttonClasses } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useEditVehicle } from '../api/edit-vehicle';
import { useVehicleFormReferenceData } from '../api/get-reference-data';
import { useVehicleForEdit } from '../api/get-vehicle-for-edit';
import { saveVehiclePlace, useVehiclePlace } from '../api/vehicle-place';
import { VehicleForm, type VehicleFormSubmit } from './vehicle-form';
import { propertyKey, propertyValuesForWire, type PropertyField, type VehicleFormValues } from './vehicle-form-schema';

function toFormValues(vehicle: VehicleEditLoad): VehicleFormValues {
  const properties: VehicleFormValues['properties'] = {};
  for (const p of vehicle.vehicleTypePropertyValues) {
    properties[propertyKey(p.propertyId)] = p.valueType === 'Boolean' ? p.vehicleTypePropertyValue === 'true' : p.vehicleTypePropertyValue;
  }
  return {
    make: vehicle.make,
    model: vehicle.model,
    color: vehicle.color,
    dateOfProduction: vehicle.dateOfProduction.slice(0, 10),
    pricePerDay: String(vehicle.pricePerDay),
    curbWeightInKg: String(vehicle.curbWeightInKg),
    fuelType: vehicle.fuelType,
    description: vehicle.description,
    vehicleTypeId: String(vehicle.vehicleTypeId),
    vehicleTypeCategoryId: String(vehicle.vehicleTypeCategoryId),
    ownership: vehicle.isCompanyProperty ? 'company' : 'personal',
    properties,
  };
}

/** /manage/vehicles/edit/:id: the owner (or an employee for company vehicles); success goes to the vehicle's page. */
/** `bookingRules`: the rentals feature's section, passed in by the route (features never import each other). */
export function VehicleEditScreen({ vehicleId, bookingRules }: { vehicleId: string; bookingRules?: ReactNode }) {
  const { t } = useLingui();
  const vehicle = useVehicleForEdit(vehicleId);
  const reference = useVehicleFormReferenceData();
  const place = useVehiclePlace(vehicleId);
  const editVehicle = useEditVehicle();
  const navigate = useNavigate();
  const toast = useToast();

  if (vehicle.isPending || reference.isPending || place.isPending) return <LoadingText text={t`Loading vehicle...`} />;
  if (vehicle.error || !vehicle.data) {
    return (
      <ErrorState
        message={errorMessage(vehicle.error)}
        action={
          <Link to="/profile/vehicles" className={buttonClasses('secondary', 'sm')}>
            <Trans>Back to My Vehicles</Trans>
          </Link>
        }
      />
    );
  }
  if (!reference.data) {
    return <ErrorState message={t`Error: ${errorMessage(reference.error)}`} onRetry={() => void reference.refetch()} />;
  }
  const loaded = vehicle.data;
  const fields: PropertyField[] = loaded.vehicleTypePropertyValues.map((p) => ({
    propertyId: p.propertyId,
    name: p.vehicleTypePropertyName,
    valueType: p.valueType,
    unitOfMeasurement: p.unitOfMeasurement,
  }));

  async function handleSubmit({ values, propertyFields, images, onProgress }: VehicleFormSubmit) {
    await editVehicle.mutateAsync({
      id: loaded.id,
      make: values.make.trim(),
      model: values.model.trim(),
      color: values.color.trim(),
      pricePerDay: Number(values.pricePerDay),
      fuelType: values.fuelType,
      dateOfProduction: values.dateOfProduction,
      curbWeightInKg: Number(values.curbWeightInKg),
      description: values.description.trim(),
      vehicleTypeId: loaded.vehicleTypeId,
      vehicleTypeCategoryId: Number(values.vehicleTypeCategoryId),
      propertyValues: propertyValuesForWire(propertyFields, values.properties),
      newImages: images.picked.map((p) => p.file),
      removedImageIds: images.removedIds,
      onProgress,
    });
    if (values.place) await saveVehiclePlace(loaded.id, values.place);
    toast.success(t`Your changes are saved.`);
    void navigate(VehiclePaths.detail(loaded.id));
  }

  return (
    <VehicleForm
      key={loaded.id}
      mode="edit"
      types={reference.data.types}
      categories={reference.data.categories}
      fuels={reference.data.fuels}
      propertyFieldsOf={(typeId) => (typeId === loaded.vehicleTypeId ? fields : [])}
      defaultValues={{ ...toFormValues(loaded), place: place.data ?? undefined }}
      existingImages={loaded.images}
      canChooseOwnership={false}
      submitLabel={t`Save Changes`}
      cancelTo={VehiclePaths.detail(loaded.id)}
      onSubmit={handleSubmit}
      bookingRules={bookingRules}
    />
  );
}
