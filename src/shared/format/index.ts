export * from './color';
export * from './cssSize';
export * from './date';
export * from './fileSize';
export * from './money';
export * from './number';
export * from './objectId';
export * from './paymentReference';
