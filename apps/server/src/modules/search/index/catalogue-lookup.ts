import type { IndexedCatalogue, IndexedProperty } from './index-types';

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The catalogue (types, categories, properties) as the index last received it, and lookups in it. */
export class CatalogueLookup {
  private catalogue: IndexedCatalogue = { types: [], categories: [], properties: [] };
  private typeNames = new Map<number, string>();
  private categoryNames = new Map<number, string>();

  set(catalogue: IndexedCatalogue): void {
    this.catalogue = {
      types: catalogue.types,
      categories: catalogue.categories,
      properties: catalogue.properties.map((p) => ({ ...p, id: p.id.toLowerCase() })),
    };
    this.typeNames = new Map(catalogue.types.map((t) => [t.id, t.name]));
    this.categoryNames = new Map(catalogue.categories.map((c) => [c.id, c.name]));
  }

  /** A type's name, live or not ('' when unknown): cards show what the vehicle was listed under. */
  typeName(id: number): string {
    return this.typeNames.get(id) ?? '';
  }

  categoryName(id: number): string {
    return this.categoryNames.get(id) ?? '';
  }

  /** A live type by id or case-insensitive name. */
  findType(ref: { id?: number; name?: string }): { id: number; name: string } | undefined {
    const name = ref.name?.toLowerCase();
    const type = this.catalogue.types.find((t) => t.live && (ref.id !== undefined ? t.id === ref.id : t.name.toLowerCase() === name));
    return type && { id: type.id, name: type.name };
  }

  /** Ids of live categories matching an id or name, within a type when given. */
  findCategoryIds(ref: { id?: number; name?: string }, typeId?: number): number[] {
    const name = ref.name?.toLowerCase();
    return this.catalogue.categories
      .filter((c) => c.live && (typeId === undefined || c.typeId === typeId))
      .filter((c) => (ref.id !== undefined ? c.id === ref.id : c.name.toLowerCase() === name))
      .map((c) => c.id);
  }

  /** Which of these property ids (lower-case) are live properties. */
  findPropertyIds(ids: string[]): string[] {
    const live = new Set(this.catalogue.properties.filter((p) => p.live).map((p) => p.id));
    return ids.filter((id) => live.has(id));
  }

  /** The live properties of a type, by name (ids lower-case). */
  propertiesOfType(typeId: number): IndexedProperty[] {
    return this.catalogue.properties.filter((p) => p.live && p.typeId === typeId).sort((a, b) => compareText(a.name, b.name));
  }
}
