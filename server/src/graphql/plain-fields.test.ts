import 'reflect-metadata';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from './schema.js';

/** plainFieldsReadDirectly: only fields with nothing to run lose TypeGraphQL's resolver; guarded fields keep it. */
describe('plain fields are read directly, guarded fields keep their resolver', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema();
  });

  const field = (type: string, name: string) => {
    const object = schema.getType(type);
    if (!isObjectType(object)) throw new Error(`${type} is not an object type`);
    return object.getFields()[name];
  };

  it.each([
    ['AccountOverview', 'accountId', false],
    ['UpcomingBill', 'amount', false],
    ['AccountOverview', 'notes', true], // @Authorized(staff)
  ])('%s.%s has its own resolver: %s', (type, name, hasResolver) => {
    expect(!!field(type, name).resolve).toBe(hasResolver);
  });

  it('every @Authorized field of an object type keeps a resolver (its authorization check)', () => {
    const storage = getMetadataStorage();
    const guarded = storage.objectTypes.flatMap((objectType) =>
      (objectType.fields ?? [])
        .filter((f) => f.roles !== undefined || (f.middlewares?.length ?? 0) > 0)
        .map((f) => [objectType.name, f.schemaName] as const),
    );
    expect(guarded.length).toBeGreaterThan(0);
    for (const [type, name] of guarded) {
      const built = schema.getType(type);
      if (isObjectType(built) && built.getFields()[name])
        expect(built.getFields()[name].resolve, `${type}.${name}`).toBeTypeOf('function');
    }
  });

  it('every field resolver keeps its resolver', () => {
    const storage = getMetadataStorage();
    for (const entry of storage.fieldResolvers) {
      const target = entry.getObjectType?.();
      const objectType = storage.objectTypes.find((o) => o.target === target);
      if (!objectType) continue;
      const built = schema.getType(objectType.name);
      const schemaName = entry.schemaName ?? entry.methodName;
      if (isObjectType(built) && built.getFields()[schemaName]) {
        expect(built.getFields()[schemaName].resolve, `${objectType.name}.${schemaName}`).toBeTypeOf('function');
      }
    }
  });
});
