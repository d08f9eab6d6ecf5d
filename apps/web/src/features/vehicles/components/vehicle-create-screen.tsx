import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingText } from '../../../components/ui/loading-text';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useCreateVehicle } from '../api/create-vehicle';
import { useVehicleFormReferenceData } from '../api/get-reference-data';
import { saveVehiclePlace } from '../api/vehicle-place';
import { VehicleForm, type VehicleFormSubmit } from './vehicle-form';
import { propertyValuesForWire, type PropertyField, type VehicleFormValues } from './vehicle-form-schema';

const BLANK: VehicleFormValues = {
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
  // A new listing needs its pick-up place (issue 26).
  place: null,
};

/** /manage/vehicles/create: success goes to /listing. */
/** `bookingRules`: the rentals feature's section, passed in by the route (features never import each other). */
export function VehicleCreateScreen({ bookingRules }: { bookingRules?: ReactNode } = {}) {
  const { t } = useLingui();
  const reference = useVehicleFormReferenceData();
  const { isCompanyEmployee } = useSession();
  const createVehicle = useCreateVehicle();
  const navigate = useNavigate();
  const toast = useToast();

  if (reference.isPending) return <LoadingText text={t`Loading vehicle form...`} />;
  if (!reference.data) {
    return <ErrorState message={t`Error: ${errorMessage(reference.error)}`} onRetry={() => void reference.refetch()} />;
  }
  const { types, categories, properties, fuels } = reference.data;

  const propertyFieldsOf = (typeId: number): PropertyField[] =>
    properties
      .filter((p) => p.vehicleTypeId === typeId)
      .map((p) => ({ propertyId: p.id, name: p.name, valueType: p.valueType, unitOfMeasurement: p.unitOfMeasurement }));

  async function handleSubmit({ values, propertyFields, images, onProgress }: VehicleFormSubmit) {
    const created = await createVehicle.mutateAsync({
      make: values.make.trim(),
      model: values.model.trim(),
      color: values.color.trim(),
      pricePerDay: Number(values.pricePerDay),
      fuelType: values.fuelType,
      dateOfProduction: values.dateOfProduction,
      curbWeightInKg: Number(values.curbWeightInKg),
      description: values.description.trim(),
      vehicleTypeId: Number(values.vehicleTypeId),
      vehicleTypeCategoryId: Number(values.vehicleTypeCategoryId),
      propertyValues: propertyValuesForWire(propertyFields, values.properties),
      isCompanyProperty: isCompanyEmployee && values.ownership === 'company',
      images: images.picked.map((p) => p.file),
      onProgress,
    });
    if (values.place) await saveVehiclePlace(created.id, values.place);
    toast.success(t`${values.make.trim()} ${values.model.trim()} is listed.`);
    void navigate('/listing');
  }

  return (
    <VehicleForm
      mode="create"
      types={types}
      categories={categories}
      fuels={fuels}
      propertyFieldsOf={propertyFieldsOf}
      defaultValues={BLANK}
      canChooseOwnership={isCompanyEmployee}
      submitLabel={t`List Vehicle`}
      cancelTo="/profile/vehicles"
      onSubmit={handleSubmit}
      bookingRules={bookingRules}
    />
  );
}
