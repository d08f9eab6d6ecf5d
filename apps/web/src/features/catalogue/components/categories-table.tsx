import { VehicleCategorySaveRequestSchema, type VehicleCategory, type VehicleCategorySaveRequest } from '@rentdrive/contracts/catalogue';
import { useState, type KeyboardEvent } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useEditCategory } from '../api/edit-category';
import { useCategories } from '../api/get-categories';
import { useVehicleTypes } from '../api/get-vehicle-types';
import { CatalogueSection } from './catalogue-section';
import { RowActions } from './row-actions';
import { TypeFilter } from './type-filter';
import { useDeleteConfirmation } from './use-delete-confirmation';
import { useEditableRows, type EditableRow } from './use-editable-rows';
import { useRowSaving } from './use-row-saving';

interface CategoryDraft {
  name: string;
  description: string;
  /** '' until a type is chosen */
  vehicleTypeId: string;
}

type Row = EditableRow<VehicleCategory, CategoryDraft>;

export function CategoriesTable() {
  const categories = useCategories();
  const types = useVehicleTypes();
  const createCategory = useCreateCategory();
  const editCategory = useEditCategory();
  const deleteCategory = useDeleteCategory();
  // A chosen type filter also preselects the type of a new row.
  const [typeFilter, setTypeFilter] = useState('');
  const table = useEditableRows<VehicleCategory, CategoryDraft>({
    rows: categories.data,
    keyOf: (c) => String(c.id),
    toDraft: (c) => ({ name: c.name, description: c.description, vehicleTypeId: String(c.vehicleTypeId) }),
    blankDraft: () => ({ name: '', description: '', vehicleTypeId: typeFilter }),
  });
  const saving = useRowSaving();
  const visibleRows = table.rows.filter((r) => !typeFilter || !r.saved || String(r.saved.vehicleTypeId) === typeFilter);
  const deletion = useDeleteConfirmation<VehicleCategory>('category', (c) => deleteCategory.mutateAsync(c.id));
  const typeName = (id: number) => types.data?.find((t) => t.id === id)?.name ?? '—';
  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));

  function handleSave(row: Row) {
    if (!row.draft) return;
    const body = {
      id: row.saved?.id ?? 0,
      name: row.draft.name,
      description: row.draft.description,
      vehicleTypeId: row.draft.vehicleTypeId === '' ? undefined : Number(row.draft.vehicleTypeId),
    };
    void saving.save<VehicleCategorySaveRequest>(
      row.key,
      VehicleCategorySaveRequestSchema,
      body,
      (valid) => (row.saved ? editCategory.mutateAsync({ ...valid, id: row.saved.id }) : createCategory.mutateAsync(valid)),
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
      key: 'description',
      header: 'Description',
      cell: (row) =>
        row.draft ? (
          <TextField
            label="Description"
            hideLabel
            maxLength={500}
            value={row.draft.description}
            containerClassName="w-full min-w-48 text-left"
            onChange={(e) => table.change(row.key, { description: e.target.value })}
            onKeyDown={onKeys(row)}
          />
        ) : (
          <span className="text-slate-700">{row.saved?.description}</span>
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
            label={row.saved?.name ?? 'new category'}
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
        what="vehicle categories"
        addLabel="Add Category"
        onAdd={table.add}
        isLoading={categories.isPending || types.isPending}
        error={categories.error ?? types.error}
        onRetry={() => void Promise.all([categories.refetch(), types.refetch()])}
        isEmpty={table.rows.length === 0}
        toolbar={<TypeFilter types={types.data ?? []} value={typeFilter} onChange={setTypeFilter} />}
      >
        {visibleRows.length === 0 ? (
          <EmptyState message="No categories of this vehicle type yet." />
        ) : (
          <DataTable columns={columns} rows={visibleRows} getRowKey={(r) => r.key} caption="Vehicle type categories" />
        )}
      </CatalogueSection>
      {deletion.dialog}
    </>
  );
}
