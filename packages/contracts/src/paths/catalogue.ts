import { CatalogueReadPaths } from './catalogue-read';
import { template } from './template';

export const CataloguePaths = {
  ...CatalogueReadPaths,
  createType: '/api/vehicletype/create',
  editType: template('/api/vehicletype/edit/:id'),
  deleteType: template('/api/vehicletype/delete/:id'),
  createCategory: '/api/vehicletypecategory/create',
  editCategory: template('/api/vehicletypecategory/edit/:id'),
  deleteCategory: template('/api/vehicletypecategory/delete/:id'),
  createProperty: '/api/vehicletypeproperty/create',
  editProperty: template('/api/vehicletypeproperty/edit/:id'),
  deleteProperty: template('/api/vehicletypeproperty/delete/:id'),
  /** Employees: every type's, category's and property's names in the other languages (issue 24). */
  translations: '/api/catalogue/translations',
} as const;
