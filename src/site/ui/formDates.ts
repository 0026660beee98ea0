// What a public form's date field needs: loaded as a chunk of its own, only for forms that have one (dateCode.ts).
export { DateField } from './DateField';
export { entryProblem, parseEntry } from '../../shared/format/dateEntry';
