export * from './jsonSchema';
export * from './fields';
export * from './inverse';
export * from './models';
export * from './elements';
export * from './registry';
export * from './resolve';
export * from './systemFields';
export { schemaNameFromFile } from './names';
