import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { buildAppSchema, printAppSchema } from '../graphql/schema.js';

/** Writes schema.graphql from the resolvers (sorted, stable); the client's code is generated from it. */
const schema = await buildAppSchema();
writeFileSync('schema.graphql', printAppSchema(schema));
console.log('Wrote schema.graphql');
