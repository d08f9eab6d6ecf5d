/**
 * The catalogue's refusals with values in them (a name, a count), in the `api` catalogue (ADR 018):
 * the error handler writes them in the request's language (AppError.withMessage); the English text
 * built in catalogue.service.ts stays the wire text.
 */
export const CatalogueRefusals = {
  typeNameTaken: /*i18n*/ { id: 'catalogue.typeNameTaken', message: 'A vehicle type named "{name}" already exists.' },
  categoryNameTaken: /*i18n*/ {
    id: 'catalogue.categoryNameTaken',
    message: 'This vehicle type already has a category named "{name}".',
  },
  propertyNameTaken: /*i18n*/ {
    id: 'catalogue.propertyNameTaken',
    message: 'This vehicle type already has a property named "{name}".',
  },
  typeInUse: /*i18n*/ {
    id: 'catalogue.typeInUse',
    message: 'This vehicle type is used by {count, plural, one {# vehicle} other {# vehicles}} and cannot be deleted.',
  },
  categoryRetypeInUse: /*i18n*/ {
    id: 'catalogue.categoryRetypeInUse',
    message: 'This category is used by {count, plural, one {# vehicle} other {# vehicles}}, so its vehicle type cannot change.',
  },
  categoryInUse: /*i18n*/ {
    id: 'catalogue.categoryInUse',
    message: 'This category is used by {count, plural, one {# vehicle} other {# vehicles}} and cannot be deleted.',
  },
  propertyRetypeInUse: /*i18n*/ {
    id: 'catalogue.propertyRetypeInUse',
    message:
      'This property has values on {count, plural, one {# vehicle} other {# vehicles}}, so its value type and vehicle type cannot change.',
  },
  propertyInUse: /*i18n*/ {
    id: 'catalogue.propertyInUse',
    message: 'This property has values on {count, plural, one {# vehicle} other {# vehicles}} and cannot be deleted.',
  },
} as const;
