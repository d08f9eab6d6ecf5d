import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import '../../../i18n/more-messages';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { RowActions } from './row-actions';
import type { CatalogueTable } from './use-catalogue-table';
import type { EditableRow } from './use-editable-rows';
import type { VehicleTypeFilter } from './use-vehicle-type-filter';

/** The Actions column: Edit/Delete or Save/Cancel; with `errorBelow`, the row's check message under the buttons. */
export function actionsColumn<S extends { name: string }, D>(
  table: CatalogueTable<S, D>,
  newLabel: string,
  { errorBelow, i18n }: { errorBelow: boolean; i18n: I18n },
): DataTableColumn<EditableRow<S, D>> {
  const actions = (row: EditableRow<S, D>) => (
    <RowActions
      label={row.saved?.name ?? newLabel}
      isEditing={row.draft !== null}
      isSaving={table.saving.savingKey === row.key}
      canDelete={!row.isNew}
      onEdit={() => table.edit(row)}
      onSave={() => table.save(row)}
      onCancel={() => table.cancel(row)}
      onDelete={() => row.saved && table.deletion.askToDelete(row.saved, row.saved.name)}
    />
  );
  return {
    key: 'actions',
    header: i18n._(msg`Actions`),
    align: 'right',
    hideLabelOnCard: true,
    className: 'w-48',
    cell: (row) =>
      errorBelow ? (
        <div className="flex flex-col items-end gap-1">
          {actions(row)}
          {table.saving.errors[row.key] && (
            <p role="alert" className="text-sm text-danger">
              {table.saving.errors[row.key]}
            </p>
          )}
        </div>
      ) : (
        actions(row)
      ),
  };
}

/** The Name column of the tables with several fields (the error shows under the actions there). */
export function nameColumn<S extends { name: string }, D extends { name: string }>(
  table: CatalogueTable<S, D>,
  i18n: I18n,
): DataTableColumn<EditableRow<S, D>> {
  return {
    key: 'name',
    header: i18n._(msg`Name`),
    cell: (row) =>
      row.draft ? (
        <TextField
          label={i18n._(msg`Name`)}
          hideLabel
          autoFocus
          maxLength={50}
          value={row.draft.name}
          error={table.saving.fieldError(row.key, 'name')}
          containerClassName="w-full min-w-36 text-left"
          onChange={(e) => table.change(row.key, { name: e.target.value } as Partial<D>)}
          onKeyDown={table.cancelOnEscape(row)}
        />
      ) : (
        <span className="font-medium">{row.saved?.name}</span>
      ),
  };
}

/** The Vehicle Type column: a select while editing, the type's name otherwise. */
export function vehicleTypeColumn<S extends { name: string; vehicleTypeId: number }, D extends { vehicleTypeId: string }>(
  table: CatalogueTable<S, D>,
  filter: VehicleTypeFilter,
  i18n: I18n,
): DataTableColumn<EditableRow<S, D>> {
  return {
    key: 'type',
    header: i18n._(msg`Vehicle Type`),
    cell: (row) =>
      row.draft ? (
        <SelectField
          label={i18n._(msg`Vehicle type`)}
          hideLabel
          value={row.draft.vehicleTypeId}
          error={table.saving.fieldError(row.key, 'vehicleTypeId')}
          placeholderOption={i18n._(msg`Choose a type`)}
          options={filter.typeOptions}
          containerClassName="w-full min-w-36 text-left"
          onChange={(e) => table.change(row.key, { vehicleTypeId: e.target.value } as Partial<D>)}
          onKeyDown={table.cancelOnEscape(row)}
        />
      ) : (
        row.saved && filter.typeName(row.saved.vehicleTypeId)
      ),
  };
}
