import { VehicleTypeSaveRequestSchema, type VehicleType, type VehicleTypeSaveRequest } from '@rentdrive/contracts/catalogue';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/form-fields';
import { useCreateVehicleType } from '../api/create-vehicle-type';
import { useDeleteVehicleType } from '../api/delete-vehicle-type';
import { useEditVehicleType } from '../api/edit-vehicle-type';
import { useVehicleTypes } from '../api/get-vehicle-types';
import { CatalogueSection } from './catalogue-section';
import { RowActions } from './row-actions';
import { useDeleteConfirmation } from './use-delete-confirmation';
import { useEditableRows, type EditableRow } from './use-editable-rows';
import { useRowSaving } from './use-row-saving';

interface TypeDraft {
  name: string;
}

type Row = EditableRow<VehicleType, TypeDraft>;

export function VehicleTypesTable() {
  const types = useVehicleTypes();
  const createType = useCreateVehicleType();
  const editType = useEditVehicleType();
  const deleteType = useDeleteVehicleType();
  const table = useEditableRows<VehicleType, TypeDraft>({
    rows: types.data,
    keyOf: (t) => String(t.id),
    toDraft: (t) => ({ name: t.name }),
    blankDraft: () => ({ name: '' }),
  });
  const saving = useRowSaving();
  const deletion = useDeleteConfirmation<VehicleType>('vehicle type', (t) => deleteType.mutateAsync(t.id));

  function handleSave(row: Row) {
    if (!row.draft) return;
    const body = { id: row.saved?.id ?? 0, isNew: row.isNew, name: row.draft.name };
    void saving.save<VehicleTypeSaveRequest>(
      row.key,
      VehicleTypeSaveRequestSchema,
      body,
      (valid) => (row.saved ? editType.mutateAsync({ ...valid, id: row.saved.id }) : createType.mutateAsync(valid)),
      () => table.close(row.key),
    );
  }

  function handleCancel(row: Row) {
    saving.clearError(row.key);
    table.close(row.key);
  }

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
            value={row.draft.name}
            error={saving.errors[row.key]}
            maxLength={50}
            containerClassName="w-full max-w-sm text-left"
            onChange={(e) => table.change(row.key, { name: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') handleSave(row);
              if (e.key === 'Escape') handleCancel(row);
            }}
          />
        ) : (
          <span className="font-medium">{row.saved?.name}</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      hideLabelOnCard: true,
      className: 'w-48',
      cell: (row) => (
        <RowActions
          label={row.saved?.name ?? 'new vehicle type'}
          isEditing={row.draft !== null}
          isSaving={saving.savingKey === row.key}
          canDelete={!row.isNew}
          onEdit={() => table.edit(row)}
          onSave={() => handleSave(row)}
          onCancel={() => handleCancel(row)}
          onDelete={() => row.saved && deletion.askToDelete(row.saved, row.saved.name)}
        />
      ),
    },
  ];

  return (
    <>
      <CatalogueSection
        what="vehicle types"
        addLabel="Add Vehicle Type"
        onAdd={table.add}
        isLoading={types.isPending}
        error={types.error}
        onRetry={() => void types.refetch()}
        isEmpty={table.rows.length === 0}
      >
        <DataTable columns={columns} rows={table.rows} getRowKey={(r) => r.key} caption="Vehicle types" />
      </CatalogueSection>
      {deletion.dialog}
    </>
  );
}
