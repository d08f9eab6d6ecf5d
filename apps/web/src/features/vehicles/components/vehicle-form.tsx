import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import type { FuelItem, VehicleCategory, VehicleType } from '@rentdrive/contracts/catalogue';
import type { VehicleImage } from '@rentdrive/contracts/vehicles';
import { Button, buttonClasses } from '../../../components/ui/button';
import { SelectField, TextArea, TextField } from '../../../components/ui/form-fields';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { fuelName } from '../../../lib/fuel-name';
import { fuelsOfType } from './fuels-of-type';
import { ImagePicker } from './image-picker';
import { OwnershipChoice } from './ownership-choice';
import { PropertyInputs } from './property-inputs';
import { UploadProgress } from './upload-progress';
import { useImageSelection, type ImageSelection } from './use-image-selection';
import { vehicleFormSchema, type PropertyField, type VehicleFormValues } from './vehicle-form-schema';
import { VehiclePlaceSection } from './vehicle-place-section';
import '../../../i18n/more-messages';

export interface VehicleFormSubmit {
  values: VehicleFormValues;
  propertyFields: PropertyField[];
  images: ImageSelection;
  onProgress: (fraction: number) => void;
}

interface VehicleFormProps {
  mode: 'create' | 'edit';
  types: VehicleType[];
  categories: VehicleCategory[];
  fuels: FuelItem[];
  /** The property inputs of a type id (create: from the catalogue; edit: from the edit load). */
  propertyFieldsOf: (vehicleTypeId: number) => PropertyField[];
  defaultValues: VehicleFormValues;
  existingImages?: VehicleImage[];
  canChooseOwnership: boolean;
  submitLabel: string;
  cancelTo: string;
  /** Resolves when saved (the caller navigates); throws with the server's sentence otherwise. */
  onSubmit: (submit: VehicleFormSubmit) => Promise<void>;
  /** The booking rules section (the rentals feature's), passed in by the route. */
  bookingRules?: ReactNode;
}

/** The form's fields a server refusal may name (its `errors` keys, in any case). */
const FIELD_NAMES: readonly (keyof VehicleFormValues)[] = [
  'make',
  'model',
  'color',
  'dateOfProduction',
  'pricePerDay',
  'curbWeightInKg',
  'fuelType',
  'description',
  'vehicleTypeId',
  'vehicleTypeCategoryId',
];

export function VehicleForm(props: VehicleFormProps) {
  const {
    mode,
    types,
    categories,
    fuels,
    propertyFieldsOf,
    defaultValues,
    existingImages,
    canChooseOwnership,
    submitLabel,
    cancelTo,
    onSubmit,
    bookingRules,
  } = props;
  const { t, i18n } = useLingui();
  const propertyFieldsRef = useRef<PropertyField[]>([]);
  const resolver: Resolver<VehicleFormValues> = (values, context, options) =>
    zodResolver(vehicleFormSchema(propertyFieldsRef.current), undefined, { raw: true })(values, context, options);
  const form = useForm<VehicleFormValues>({ defaultValues, resolver, mode: 'onTouched' });
  const { register, handleSubmit, setValue, setError, formState, control } = form;
  const images = useImageSelection(existingImages);
  // The count rule follows the selection as it is now once a submit was tried; a server's refusal
  // about the images holds until the selection changes.
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [serverImageError, setServerImageError] = useState<{ message: string; picked: unknown; removedIds: unknown } | null>(null);
  const imageError =
    (serverImageError && serverImageError.picked === images.picked && serverImageError.removedIds === images.removedIds
      ? serverImageError.message
      : null) ?? (triedSubmit ? images.validate() : null);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const typeId = Number(useWatch({ control, name: 'vehicleTypeId' })) || 0;
  const fuel = useWatch({ control, name: 'fuelType' });
  const propertyFields = typeId ? propertyFieldsOf(typeId) : [];
  useEffect(() => {
    propertyFieldsRef.current = propertyFields;
  });
  const typeCategories = categories.filter((c) => c.vehicleTypeId === typeId);
  const typeFuels = fuelsOfType(
    types.find((t) => t.id === typeId),
    fuels,
    mode === 'edit' ? defaultValues.fuelType : undefined,
  );
  const isSubmitting = progress !== null;

  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);

  async function submitValid(values: VehicleFormValues) {
    setTriedSubmit(true);
    if (images.validate()) return;
    setServerError(null);
    setProgress(0);
    try {
      await onSubmit({ values, propertyFields, images, onProgress: setProgress });
    } catch (error) {
      setProgress(null);
      setServerError(errorMessage(error, t`Failed to save vehicle`));
      applyFieldErrors(error, setError, FIELD_NAMES);
      // A refusal about the images holds until the selection changes (the picker shows it).
      const imageMessage = isApiError(error) ? Object.entries(error.fieldErrors).find(([key]) => /^images/i.test(key))?.[1][0] : undefined;
      if (imageMessage) setServerImageError({ message: imageMessage, picked: images.picked, removedIds: images.removedIds });
    }
  }

  const fieldError = (name: keyof VehicleFormValues) => {
    const message = formState.errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submitValid, () => setTriedSubmit(true))}
      className="flex flex-col gap-6"
      aria-busy={isSubmitting || undefined}
    >
      {serverError && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-card border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger outline-none"
        >
          <p className="font-semibold">
            <Trans>Failed to save vehicle</Trans>
          </p>
          <p>{serverError}</p>
        </div>
      )}

      {/* The type decides the categories, the fuels and the properties (and the fuel which of those
          are required): it comes first. */}
      <FormCard title={t`Type and details`}>
        <div className="flex flex-col gap-5">
          {canChooseOwnership && <OwnershipChoice register={register} disabled={isSubmitting} />}
          <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isSubmitting}>
            <legend className="sr-only">{t`Type`}</legend>
            <SelectField
              label={t`Vehicle type`}
              required
              disabled={mode === 'edit'}
              hint={mode === 'edit' ? t`The type of a listed vehicle stays as it is.` : undefined}
              placeholderOption={t`Choose a vehicle type`}
              options={types.map((t) => ({ value: String(t.id), label: t.name }))}
              error={fieldError('vehicleTypeId')}
              {...register('vehicleTypeId', {
                // A category belongs to one type: a new type clears the category.
                onChange: (event: { target: { value: string } }) => {
                  setValue('vehicleTypeCategoryId', '');
                  // A fuel the new type does not offer is cleared, not sent to be refused.
                  const next = fuelsOfType(
                    types.find((t) => t.id === Number(event.target.value)),
                    fuels,
                  );
                  if (!next.some((f) => f.name === form.getValues('fuelType'))) setValue('fuelType', '');
                },
              })}
            />
            <SelectField
              label={t`Category`}
              required
              disabled={!typeId}
              placeholderOption={typeId ? t`Choose a category` : t`Choose a type first`}
              options={typeCategories.map((c) => ({ value: String(c.id), label: c.name }))}
              error={fieldError('vehicleTypeCategoryId')}
              {...register('vehicleTypeCategoryId')}
            />
            <SelectField
              label={t`Fuel type`}
              required
              disabled={!typeId}
              placeholderOption={typeId ? t`Choose a fuel type` : t`Choose a vehicle type first`}
              hint={typeId ? undefined : t`The fuels offered depend on the vehicle type.`}
              options={typeFuels.map((f) => ({ value: f.name, label: fuelName(i18n, f.name) }))}
              error={fieldError('fuelType')}
              {...register('fuelType')}
            />
          </fieldset>
          <PropertyInputs fields={propertyFields} register={register} errors={formState.errors} disabled={isSubmitting} fuel={fuel} />
        </div>
      </FormCard>

      <FormCard title={t`Vehicle`}>
        <fieldset className="grid gap-4 sm:grid-cols-2" disabled={isSubmitting}>
          <legend className="sr-only">{t`Vehicle`}</legend>
          <TextField label={t`Make`} required maxLength={50} autoComplete="off" error={fieldError('make')} {...register('make')} />
          <TextField label={t`Model`} required maxLength={50} autoComplete="off" error={fieldError('model')} {...register('model')} />
          <TextField label={t`Color`} required maxLength={30} autoComplete="off" error={fieldError('color')} {...register('color')} />
          <TextField
            label={t`Date of production`}
            type="date"
            required
            max={new Date().toISOString().slice(0, 10)}
            error={fieldError('dateOfProduction')}
            {...register('dateOfProduction')}
          />
          <TextField
            label={t`Price per day (€)`}
            type="number"
            inputMode="decimal"
            min={1}
            step="0.01"
            required
            error={fieldError('pricePerDay')}
            {...register('pricePerDay')}
          />
          <TextField
            label={t`Curb weight (kg)`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            error={fieldError('curbWeightInKg')}
            {...register('curbWeightInKg')}
          />
          <TextArea
            label={t`Description`}
            required
            rows={5}
            maxLength={2000}
            containerClassName="sm:col-span-2"
            error={fieldError('description')}
            {...register('description')}
          />
        </fieldset>
      </FormCard>

      <VehiclePlaceSection form={form} disabled={isSubmitting} />

      <FormCard title={t`Images`}>
        <ImagePicker selection={images} error={imageError} disabled={isSubmitting} />
      </FormCard>

      {bookingRules}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {progress !== null && <UploadProgress fraction={progress} />}
        <Link to={cancelTo} className={buttonClasses('secondary', 'lg')} aria-disabled={isSubmitting || undefined}>
          <Trans>Cancel</Trans>
        </Link>
        <Button type="submit" size="lg" isLoading={isSubmitting} loadingText={t`Saving...`}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
