import fc from 'fast-check';
import { z } from 'zod';
import { boundaryValues, hostileArbitrary, PROTOTYPE_KEYS, unwrap, type HostileCategory } from './schema-arbitrary';

/** One change to an otherwise valid value; `pick` chooses the node, the rest what happens there. */
export interface Mutation {
  op: 'replace' | 'boundary' | 'add-key' | 'drop-key' | 'recase-key' | 'stringify' | 'wrap-array';
  pick: number;
  hostile: { category: HostileCategory; value: unknown };
  index: number;
  junkKey: string;
}

interface Node {
  value: unknown;
  schema: z.ZodType | undefined;
  set(value: unknown): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every node of a JSON value with the schema that describes it (when there is one). */
function nodesOf(root: { value: unknown }, schema: z.ZodType | undefined): Node[] {
  const nodes: Node[] = [];
  const walk = (value: unknown, s: z.ZodType | undefined, set: (v: unknown) => void, depth: number) => {
    nodes.push({ value, schema: s, set });
    if (depth > 6) return;
    const u = s instanceof z.ZodType ? unwrap(s) : undefined;
    if (Array.isArray(value)) {
      const element = u instanceof z.ZodArray ? (u.element as z.ZodType) : undefined;
      value.forEach((item, i) => walk(item, element, (v) => (value[i] = v), depth + 1));
    } else if (isObject(value)) {
      const shape = u instanceof z.ZodObject ? (u.shape as Record<string, z.ZodType>) : {};
      // Own entries only: a key named 'constructor' must not find Object's.
      for (const key of Object.keys(value))
        walk(value[key], Object.hasOwn(shape, key) ? shape[key] : undefined, (v) => (value[key] = v), depth + 1);
    }
  };
  walk(root.value, schema, (v) => (root.value = v), 0);
  return nodes;
}

function recase(key: string, index: number): string {
  switch (index % 3) {
    case 0:
      return key.toUpperCase();
    case 1:
      return key.toLowerCase();
    default:
      return key.charAt(0).toUpperCase() + key.slice(1);
  }
}

/** Applies the mutations to a deep copy of `value` and answers the categories they used. */
export function applyMutations(
  value: unknown,
  schema: z.ZodType | undefined,
  mutations: Mutation[],
  enabled: ReadonlySet<HostileCategory>,
): { value: unknown; categories: HostileCategory[] } {
  const root = { value: value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown) };
  const categories: HostileCategory[] = [];
  for (const m of mutations) {
    const nodes = nodesOf(root, schema);
    const node = nodes[m.pick % nodes.length]!;
    const objects = nodes.filter((n) => isObject(n.value));
    switch (m.op) {
      case 'replace':
        // A copy: fast-check hands out the same constant instance to several mutations, and setting
        // one inside itself would make the value circular.
        node.set(structuredClone(m.hostile.value));
        categories.push(m.hostile.category);
        break;
      case 'boundary': {
        const values = boundaryValues(node.schema);
        node.set(values[m.index % values.length]);
        categories.push('boundary');
        break;
      }
      case 'stringify':
        if (typeof node.value === 'number' || typeof node.value === 'boolean') node.set(String(node.value));
        break;
      case 'wrap-array':
        node.set([node.value]);
        break;
      case 'add-key': {
        const target = objects[m.pick % Math.max(1, objects.length)]?.value as Record<string, unknown> | undefined;
        if (!target) break;
        const existing = Object.keys(target);
        const protoAllowed = enabled.has('prototype-keys');
        const choices = [m.junkKey, ...existing.map((k) => recase(k, m.index)), ...(protoAllowed ? PROTOTYPE_KEYS : [])];
        const key = choices[m.index % choices.length]!;
        Object.defineProperty(target, key, {
          value: structuredClone(m.hostile.value),
          enumerable: true,
          configurable: true,
          writable: true,
        });
        categories.push(PROTOTYPE_KEYS.includes(key) ? 'prototype-keys' : m.hostile.category);
        break;
      }
      case 'drop-key': {
        const target = objects[m.pick % Math.max(1, objects.length)]?.value as Record<string, unknown> | undefined;
        const keys = target ? Object.keys(target) : [];
        if (target && keys.length) delete target[keys[m.index % keys.length]!];
        break;
      }
      case 'recase-key': {
        const target = objects[m.pick % Math.max(1, objects.length)]?.value as Record<string, unknown> | undefined;
        const keys = target ? Object.keys(target) : [];
        if (!target || !keys.length) break;
        const key = keys[m.index % keys.length]!;
        const renamed = recase(key, m.index);
        if (renamed !== key && !(renamed in target)) {
          target[renamed] = target[key];
          delete target[key];
        }
        break;
      }
    }
  }
  return { value: root.value, categories };
}

export function mutationArbitrary(enabled: ReadonlySet<HostileCategory>): fc.Arbitrary<Mutation> {
  const hostile = hostileArbitrary([...enabled].filter((c) => c !== 'boundary'));
  return fc.record({
    op: fc.constantFrom<Mutation['op']>(
      'replace',
      'replace',
      'replace',
      'boundary',
      'boundary',
      'add-key',
      'drop-key',
      'recase-key',
      'stringify',
      'wrap-array',
    ),
    pick: fc.nat(),
    hostile,
    index: fc.nat(),
    junkKey: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('id', 'ownerId', 'isCompanyEmployee', 'balance', 'userId', 'status')),
  });
}

/** 0 (a valid request), 1 or a few mutations. */
export function mutationsArbitrary(enabled: ReadonlySet<HostileCategory>): fc.Arbitrary<Mutation[]> {
  const one = mutationArbitrary(enabled);
  return fc.oneof(
    { arbitrary: fc.constant<Mutation[]>([]), weight: 1 },
    { arbitrary: fc.array(one, { minLength: 1, maxLength: 1 }), weight: 3 },
    { arbitrary: fc.array(one, { minLength: 2, maxLength: 4 }), weight: 1 },
  );
}
