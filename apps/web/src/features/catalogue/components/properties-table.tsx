import { VehiclePropertySaveRequestSchema, type VehicleProperty, type VehiclePropertySaveRequest } from '@rentdrive/contracts/catalogue';
import { useState, type KeyboardEvent } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { useCreateProperty } from '../api/create-property';
import { useDeleteProperty } from '../api/delete-property';
import { useEditProperty } from '../api/edit-property';
import { useProperties } from '../api/get-properties';
import { useUnits } from '../api/get-units';
import { useValueTypes } from '../api/get-value-types';
import { useVehicleTypes } from '../api/get-vehicle-types';
import { CatalogueSection } from './catalogue-section';
import { RowActions } from './row-actions';
import { TypeFilter } from './type-filter';
import { unitLabel } from './unit-label';
import { useDeleteConfirmation } from './use-delete-confirmation';
import { useEditableRows, type EditableRow } from './use-editable-rows';
import { useRowSaving } from './use-row-saving';

interface PropertyDraft {
  name: string;
  valueType: string;
  unitOfMeasurement: string;
  vehicleTypeId: string;
}

type Row = EditableRow<VehicleProperty, PropertyDraft>;

export function PropertiesTable() {
  const properties = useProperties();
  const types = useVehicleTypes();
  const valueTypes = useValueTypes();
  const units = useUnits();
  const createProperty = useCreateProperty();
  const editProperty = useEditProperty();
  const deleteProperty = useDeleteProperty();
  // A chosen type filter also preselects the type of a new row.
  const [typeFilter, setTypeFilter] = useState('');
  const table = useEditableRows<VehicleProperty, PropertyDraft>({
    rows: properties.data,
    keyOf: (p) => p.id,
    toDraft: (p) => ({
      name: p.name,
      valueType: p.valueType,
      unitOfMeasurement: p.unitOfMeasurement,
      vehicleTypeId: String(p.vehicleTypeId),
    }),
    blankDraft: () => ({ name: '', valueType: 'String', unitOfMeasurement: 'None', vehicleTypeId: typeFilter }),
  });
  const saving = useRowSaving();
  const visibleRows = table.rows.filter((r) => !typeFilter || !r.saved || String(r.saved.vehicleTypeId) === typeFilter);
  const deletion = useDeleteConfirmation<VehicleProperty>('property', (p) => deleteProperty.mutateAsync(p.id));
  const typeName = (id: number) => types.data?.find((t) => t.id === id)?.name ?? '—';
  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  const valueTypeOptions = (valueTypes.data ?? []).map((v) => ({ value: v.name, label: v.name }));
  const unitOptions = (units.data ?? []).map((u) => ({ value: u.name, label: unitLabel(u.name) }));
  const queries = [properties, types, valueTypes, units];

  function handleSave(row: Row) {
    if (!row.draft) return;
    const body = {
      id: row.saved?.id ?? row.key,
      isNew: row.isNew,
      name: row.draft.name,
      valueType: row.draft.valueType,
      unitOfMeasurement: row.draft.unitOfMeasurement,
      vehicleTypeId: row.draft.vehicleTypeId === '' ? undefined : Number(row.draft.vehicleTypeId),
    };
    void saving.save<VehiclePropertySaveRequest>(
      row.key,
      VehiclePropertySaveRequestSchema,
      body,
      (valid) => (row.saved ? editProperty.mutateAsync({ ...valid, id: row.saved.id }) : createProperty.mutateAsync(valid)),
      () => table.close(row.key),
    );
  }

  function handleCancel(row: Row) {
    saving.clearError(row.key);
    table.close(row.key);
  }

  const onKeys = (row: Row) => (e: KeyboardEvent) => {
    if (e.key === 'Escape') handleCancel(row);
  };

  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (row) =>
        row.draft ? (
          <TextField
            label="Name"
            hideLabel
            autoFocus
            maxLength={50}
            value={row.draft.name}
            containerClassName="w-full min-w-36 text-left"
            onChange={(e) => table.change(row.key, { name: e.target.value })}
            onKeyDown={onKeys(row)}
          />
        ) : (
          <span className="font-medium">{row.saved?.name}</span>
        ),
    },
    {
      key: 'valueType',
      header: 'Value Type',
      cell: (row) =>
        row.draft ? (
          <SelectField
            label="Value type"
            hideLabel
            value={row.draft.valueType}
            options={valueTypeOptions}
            containerClassName="w-full min-w-28 text-left"
            onChange={(e) => table.change(row.key, { valueType: e.target.value })}
            onKeyDown={onKeys(row)}
          />
        ) : (
          row.saved?.valueType
        ),
    },
    {
      key: 'unit',
      header: 'Unit',
      cell: (row) =>
        row.draft ? (
          <SelectField
            label="Unit of measurement"
            hideLabel
            value={row.draft.unitOfMeasurement}
            options={unitOptions}
            containerClassName="w-full min-w-28 text-left"
            onChange={(e) => table.change(row.key, { unitOfMeasurement: e.target.value })}
            onKeyDown={onKeys(row)}
          />
        ) : (
          row.saved && unitLabel(row.saved.unitOfMeasurement)
        ),
    },
    {
      key: 'type',
      header: 'Vehicle Type',
      cell: (row) =>
        row.draft ? (
          <SelectField
            label="Vehicle type"
            hideLabel
            value={row.draft.vehicleTypeId}
            placeholderOption="Choose a type"
            options={typeOptions}
            containerClassName="w-full min-w-36 text-left"
            onChange={(e) => table.change(row.key, { vehicleTypeId: e.target.value })}
            onKeyDown={onKeys(row)}
          />
        ) : (
          row.saved && typeName(row.saved.vehicleTypeId)
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      hideLabelOnCard: true,
      className: 'w-48',
      cell: (row) => (
        <div className="flex flex-col items-end gap-1">
          <RowActions
            label={row.saved?.name ?? 'new property'}
            isEditing={row.draft !== null}
            isSaving={saving.savingKey === row.key}
            canDelete={!row.isNew}
            onEdit={() => table.edit(row)}
            onSave={() => handleSave(row)}
            onCancel={() => handleCancel(row)}
            onDelete={() => row.saved && deletion.askToDelete(row.saved, row.saved.name)}
          />
          {saving.errors[row.key] && (
            <p role="alert" className="text-sm text-danger">
              {saving.errors[row.key]}
            </p>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <CatalogueSection
        what="vehicle type properties"
        addLabel="Add Property"
        onAdd={table.add}
        isLoading={queries.some((q) => q.isPending)}
        error={queries.find((q) => q.error)?.error ?? null}
        onRetry={() => void Promise.all(queries.map((q) => q.refetch()))}
        isEmpty={table.rows.length === 0}
        toolbar={<TypeFilter types={types.data ?? []} value={typeFilter} onChange={setTypeFilter} />}
      >
        {visibleRows.length === 0 ? (
          <EmptyState message="No properties of this vehicle type yet." />
        ) : (
          <DataTable columns={columns} rows={visibleRows} getRowKey={(r) => r.key} caption="Vehicle type properties" />
        )}
      </CatalogueSection>
      {deletion.dialog}
    </>
  );
}
