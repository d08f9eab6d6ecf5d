import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { VehiclePropertySaveRequestSchema, type VehicleProperty, type VehiclePropertySaveRequest } from '@rentdrive/contracts/catalogue';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/form-fields';
import { useCreateProperty } from '../api/create-property';
import { useDeleteProperty } from '../api/delete-property';
import { useEditProperty } from '../api/edit-property';
import { translationsOf, useCatalogueTranslations } from '../api/get-catalogue-translations';
import { useProperties } from '../api/get-properties';
import { useUnits } from '../api/get-units';
import { useValueTypes } from '../api/get-value-types';
import { useVehicleTypes } from '../api/get-vehicle-types';
import { actionsColumn, nameColumn, vehicleTypeColumn } from './catalogue-columns';
import { CatalogueSection } from './catalogue-section';
import { translationsColumn, translationsDraft, type TranslationsDraft } from './translations-column';
import { TypeFilter } from './type-filter';
import { unitLabel } from './unit-label';
import { useCatalogueTable } from './use-catalogue-table';
import type { EditableRow } from './use-editable-rows';
import { useVehicleTypeFilter } from './use-vehicle-type-filter';

interface PropertyDraft {
  name: string;
  translations: TranslationsDraft;
  valueType: string;
  unitOfMeasurement: string;
  vehicleTypeId: string;
}

type Row = EditableRow<VehicleProperty, PropertyDraft>;

export function PropertiesTable() {
  const { t, i18n } = useLingui();
  const properties = useProperties();
  const types = useVehicleTypes();
  const translations = useCatalogueTranslations();
  const savedTranslations = (property: VehicleProperty) => translationsOf(translations.data, 'properties', property.id);
  const valueTypes = useValueTypes();
  const units = useUnits();
  const createProperty = useCreateProperty();
  const editProperty = useEditProperty();
  const deleteProperty = useDeleteProperty();
  const filter = useVehicleTypeFilter(types.data);
  const table = useCatalogueTable<VehicleProperty, PropertyDraft, VehiclePropertySaveRequest>({
    rows: properties.data,
    keyOf: (p) => p.id,
    toDraft: (p) => ({
      name: p.name,
      translations: translationsDraft(savedTranslations(p)),
      valueType: p.valueType,
      unitOfMeasurement: p.unitOfMeasurement,
      vehicleTypeId: String(p.vehicleTypeId),
    }),
    blankDraft: () => ({
      name: '',
      translations: translationsDraft(undefined),
      valueType: 'String',
      unitOfMeasurement: 'None',
      vehicleTypeId: filter.typeFilter,
    }),
    deleteTitle: t`Delete this property?`,
    remove: (p) => deleteProperty.mutateAsync(p.id),
    schema: VehiclePropertySaveRequestSchema,
    toBody: (row, draft) => ({
      id: row.saved?.id ?? row.key,
      isNew: row.isNew,
      name: draft.name,
      translations: draft.translations,
      valueType: draft.valueType,
      unitOfMeasurement: draft.unitOfMeasurement,
      vehicleTypeId: draft.vehicleTypeId === '' ? undefined : Number(draft.vehicleTypeId),
    }),
    create: (valid) => createProperty.mutateAsync(valid),
    update: (valid, saved) => editProperty.mutateAsync({ ...valid, id: saved.id }),
  });
  const visibleRows = filter.visible(table.rows);
  // The value types and 'no unit' read in the reader's language (the other units are symbols).
  const valueTypeNames: Record<string, string> = {
    String: t`Text`,
    Int: t`Whole number`,
    Double: t`Decimal number`,
    Boolean: t`Yes or no`,
  };
  const valueTypeLabel = (name: string) => valueTypeNames[name] ?? name;
  const unitName = (name: string) => (name === 'None' ? t`No unit` : unitLabel(name));
  const valueTypeOptions = (valueTypes.data ?? []).map((v) => ({ value: v.name, label: valueTypeLabel(v.name) }));
  const unitOptions = (units.data ?? []).map((u) => ({ value: u.name, label: unitName(u.name) }));
  const queries = [properties, types, valueTypes, units, translations];

  const columns: DataTableColumn<Row>[] = [
    nameColumn(table, i18n),
    translationsColumn(table, savedTranslations, i18n),
    {
      key: 'valueType',
      header: t`Value Type`,
      cell: (row) =>
        row.draft ? (
          <SelectField
            label={t`Value type`}
            hideLabel
            value={row.draft.valueType}
            options={valueTypeOptions}
            containerClassName="w-full min-w-28 text-left"
            onChange={(e) => table.change(row.key, { valueType: e.target.value })}
            onKeyDown={table.cancelOnEscape(row)}
          />
        ) : (
          row.saved && valueTypeLabel(row.saved.valueType)
        ),
    },
    {
      key: 'unit',
      header: t`Unit`,
      cell: (row) =>
        row.draft ? (
          <SelectField
            label={t`Unit of measurement`}
            hideLabel
            value={row.draft.unitOfMeasurement}
            options={unitOptions}
            containerClassName="w-full min-w-28 text-left"
            onChange={(e) => table.change(row.key, { unitOfMeasurement: e.target.value })}
            onKeyDown={table.cancelOnEscape(row)}
          />
        ) : (
          row.saved && unitName(row.saved.unitOfMeasurement)
        ),
    },
    vehicleTypeColumn(table, filter, i18n),
    actionsColumn(table, t`new property`, { errorBelow: true, i18n }),
  ];

  return (
    <>
      <CatalogueSection
        loadingText={t`Loading vehicle type properties...`}
        emptyText={t`No vehicle type properties yet. Use ‘Add Property’ to create the first one.`}
        addLabel={t`Add Property`}
        onAdd={table.add}
        isLoading={queries.some((q) => q.isPending)}
        error={queries.find((q) => q.error)?.error ?? null}
        onRetry={() => void Promise.all(queries.map((q) => q.refetch()))}
        isEmpty={table.rows.length === 0}
        toolbar={<TypeFilter types={types.data ?? []} value={filter.typeFilter} onChange={filter.setTypeFilter} />}
      >
        {visibleRows.length === 0 ? (
          <EmptyState message={t`No properties of this vehicle type yet.`} />
        ) : (
          <DataTable columns={columns} rows={visibleRows} getRowKey={(r) => r.key} caption={t`Vehicle type properties`} />
        )}
      </CatalogueSection>
      {table.deletion.dialog}
    </>
  );
}
