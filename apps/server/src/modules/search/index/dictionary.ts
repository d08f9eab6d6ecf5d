/** Maps each distinct string to a small integer, in order of first appearance (makes, colors, property value pairs, property ids). */
export class Dictionary {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];
  idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.ids.get(value);
  }
  get size(): number {
    return this.values.length;
  }
}
