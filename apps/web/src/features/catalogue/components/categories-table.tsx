import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { VehicleCategorySaveRequestSchema, type VehicleCategory, type VehicleCategorySaveRequest } from '@rentdrive/contracts/catalogue';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/form-fields';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useEditCategory } from '../api/edit-category';
import { translationsOf, useCatalogueTranslations } from '../api/get-catalogue-translations';
import { useCategories } from '../api/get-categories';
import { useVehicleTypes } from '../api/get-vehicle-types';
import { actionsColumn, nameColumn, vehicleTypeColumn } from './catalogue-columns';
import { CatalogueSection } from './catalogue-section';
import { translationsColumn, translationsDraft, type TranslationsDraft } from './translations-column';
import { TypeFilter } from './type-filter';
import { useCatalogueTable } from './use-catalogue-table';
import type { EditableRow } from './use-editable-rows';
import { useVehicleTypeFilter } from './use-vehicle-type-filter';

interface CategoryDraft {
  name: string;
  translations: TranslationsDraft;
  description: string;
  /** '' until a type is chosen */
  vehicleTypeId: string;
}

type Row = EditableRow<VehicleCategory, CategoryDraft>;

export function CategoriesTable() {
  const { t, i18n } = useLingui();
  const categories = useCategories();
  const types = useVehicleTypes();
  const translations = useCatalogueTranslations();
  const savedTranslations = (category: VehicleCategory) => translationsOf(translations.data, 'categories', category.id);
  const createCategory = useCreateCategory();
  const editCategory = useEditCategory();
  const deleteCategory = useDeleteCategory();
  const filter = useVehicleTypeFilter(types.data);
  const table = useCatalogueTable<VehicleCategory, CategoryDraft, VehicleCategorySaveRequest>({
    rows: categories.data,
    keyOf: (c) => String(c.id),
    toDraft: (c) => ({
      name: c.name,
      translations: translationsDraft(savedTranslations(c)),
      description: c.description,
      vehicleTypeId: String(c.vehicleTypeId),
    }),
    blankDraft: () => ({ name: '', translations: translationsDraft(undefined), description: '', vehicleTypeId: filter.typeFilter }),
    deleteTitle: t`Delete this category?`,
    remove: (c) => deleteCategory.mutateAsync(c.id),
    schema: VehicleCategorySaveRequestSchema,
    toBody: (row, draft) => ({
      id: row.saved?.id ?? 0,
      name: draft.name,
      translations: draft.translations,
      description: draft.description,
      vehicleTypeId: draft.vehicleTypeId === '' ? undefined : Number(draft.vehicleTypeId),
    }),
    create: (valid) => createCategory.mutateAsync(valid),
    update: (valid, saved) => editCategory.mutateAsync({ ...valid, id: saved.id }),
  });
  const visibleRows = filter.visible(table.rows);

  const columns: DataTableColumn<Row>[] = [
    nameColumn(table, i18n),
    translationsColumn(table, savedTranslations, i18n),
    {
      key: 'description',
      header: t`Description`,
      cell: (row) =>
        row.draft ? (
          <TextField
            label={t`Description`}
            hideLabel
            maxLength={500}
            value={row.draft.description}
            error={table.saving.fieldError(row.key, 'description')}
            containerClassName="w-full min-w-48 text-left"
            onChange={(e) => table.change(row.key, { description: e.target.value })}
            onKeyDown={table.cancelOnEscape(row)}
          />
        ) : (
          <span className="text-slate-700">{row.saved?.description}</span>
        ),
    },
    vehicleTypeColumn(table, filter, i18n),
    actionsColumn(table, t`new category`, { errorBelow: true, i18n }),
  ];

  return (
    <>
      <CatalogueSection
        loadingText={t`Loading vehicle categories...`}
        emptyText={t`No vehicle categories yet. Use ‘Add Category’ to create the first one.`}
        addLabel={t`Add Category`}
        onAdd={table.add}
        isLoading={categories.isPending || types.isPending || translations.isPending}
        error={categories.error ?? types.error ?? translations.error}
        onRetry={() => void Promise.all([categories.refetch(), types.refetch(), translations.refetch()])}
        isEmpty={table.rows.length === 0}
        toolbar={<TypeFilter types={types.data ?? []} value={filter.typeFilter} onChange={filter.setTypeFilter} />}
      >
        {visibleRows.length === 0 ? (
          <EmptyState message={t`No categories of this vehicle type yet.`} />
        ) : (
          <DataTable columns={columns} rows={visibleRows} getRowKey={(r) => r.key} caption={t`Vehicle type categories`} />
        )}
      </CatalogueSection>
      {table.deletion.dialog}
    </>
  );
}
