import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { VehicleTypeSaveRequestSchema, type VehicleType, type VehicleTypeSaveRequest } from '@rentdrive/contracts/catalogue';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/form-fields';
import { useCreateVehicleType } from '../api/create-vehicle-type';
import { useDeleteVehicleType } from '../api/delete-vehicle-type';
import { useEditVehicleType } from '../api/edit-vehicle-type';
import { translationsOf, useCatalogueTranslations } from '../api/get-catalogue-translations';
import { useVehicleTypes } from '../api/get-vehicle-types';
import { actionsColumn } from './catalogue-columns';
import { CatalogueSection } from './catalogue-section';
import { translationsColumn, translationsDraft, type TranslationsDraft } from './translations-column';
import { useCatalogueTable } from './use-catalogue-table';
import type { EditableRow } from './use-editable-rows';

interface TypeDraft {
  name: string;
  translations: TranslationsDraft;
}

type Row = EditableRow<VehicleType, TypeDraft>;

export function VehicleTypesTable() {
  const { t, i18n } = useLingui();
  const types = useVehicleTypes();
  const translations = useCatalogueTranslations();
  const savedTranslations = (type: VehicleType) => translationsOf(translations.data, 'types', type.id);
  const createType = useCreateVehicleType();
  const editType = useEditVehicleType();
  const deleteType = useDeleteVehicleType();
  const table = useCatalogueTable<VehicleType, TypeDraft, VehicleTypeSaveRequest>({
    rows: types.data,
    keyOf: (t) => String(t.id),
    toDraft: (t) => ({ name: t.name, translations: translationsDraft(savedTranslations(t)) }),
    blankDraft: () => ({ name: '', translations: translationsDraft(undefined) }),
    deleteTitle: t`Delete this vehicle type?`,
    remove: (t) => deleteType.mutateAsync(t.id),
    schema: VehicleTypeSaveRequestSchema,
    toBody: (row, draft) => ({ id: row.saved?.id ?? 0, isNew: row.isNew, name: draft.name, translations: draft.translations }),
    create: (valid) => createType.mutateAsync(valid),
    update: (valid, saved) => editType.mutateAsync({ ...valid, id: saved.id }),
  });

  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      header: t`Name`,
      cell: (row) =>
        row.draft ? (
          <TextField
            label={t`Name`}
            hideLabel
            autoFocus
            value={row.draft.name}
            error={table.saving.errors[row.key]}
            maxLength={50}
            containerClassName="w-full max-w-sm text-left"
            onChange={(e) => table.change(row.key, { name: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') table.save(row);
              if (e.key === 'Escape') table.cancel(row);
            }}
          />
        ) : (
          <span className="font-medium">{row.saved?.name}</span>
        ),
    },
    translationsColumn(table, savedTranslations, i18n),
    actionsColumn(table, t`new vehicle type`, { errorBelow: false, i18n }),
  ];

  return (
    <>
      <CatalogueSection
        loadingText={t`Loading vehicle types...`}
        emptyText={t`No vehicle types yet. Use ‘Add Vehicle Type’ to create the first one.`}
        addLabel={t`Add Vehicle Type`}
        onAdd={table.add}
        isLoading={types.isPending || translations.isPending}
        error={types.error ?? translations.error}
        onRetry={() => void Promise.all([types.refetch(), translations.refetch()])}
        isEmpty={table.rows.length === 0}
      >
        <DataTable columns={columns} rows={table.rows} getRowKey={(r) => r.key} caption={t`Vehicle types`} />
      </CatalogueSection>
      {table.deletion.dialog}
    </>
  );
}
