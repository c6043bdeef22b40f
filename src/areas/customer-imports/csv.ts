/**
 * The customer CSV: its columns, parsed by csv-parse, and each row turned
 * into a customer create request. Errors name CSV columns, not JSON paths.
 */
import { parse, CsvError } from 'csv-parse/sync';
import { invalidInput, type FieldError } from '../../core/errors.js';

/** Columns a file must have. */
const REQUIRED_COLUMNS = ['umaAddress', 'platformCustomerId', 'customerType'] as const;
/** Columns a row must fill, by customer type. */
const ROW_REQUIRED: Record<'INDIVIDUAL' | 'BUSINESS', readonly string[]> = {
  INDIVIDUAL: ['fullName', 'birthDate', 'addressLine1', 'city', 'state', 'postalCode', 'country'],
  BUSINESS: ['businessLegalName', 'addressLine1', 'city', 'state', 'postalCode', 'country'],
};
const OPTIONAL_COLUMNS = [
  'addressLine2', 'platformAccountId', 'description', 'email', 'phoneNumber', 'region', 'nationality',
  'businessRegistrationNumber', 'businessTaxId', 'businessIncorporatedOn', 'businessCountry', 'fullName', 'birthDate', 'addressLine1', 'city', 'state',
  'postalCode', 'country', 'businessLegalName',
];
export const KNOWN_COLUMNS: ReadonlySet<string> = new Set([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);

/** Where a field of the create request comes from in the CSV. */
const COLUMN_OF_PATH: Record<string, string> = {
  'address.line1': 'addressLine1',
  'address.line2': 'addressLine2',
  'address.city': 'city',
  'address.state': 'state',
  'address.postalCode': 'postalCode',
  'address.country': 'country',
  'businessInfo.legalName': 'businessLegalName',
  'businessInfo.registrationNumber': 'businessRegistrationNumber',
  'businessInfo.taxId': 'businessTaxId',
  'businessInfo.incorporatedOn': 'businessIncorporatedOn',
  'businessInfo.country': 'businessCountry',
  businessInfo: 'businessLegalName',
  address: 'addressLine1',
};

export function columnOf(path: string): string {
  return COLUMN_OF_PATH[path] ?? path;
}

export interface CsvRow {
  /** 1 is the first row after the header. */
  row: number;
  /** The line of the file the row ends on. */
  line: number;
  cells: Record<string, string>;
  /** More cells than the header has columns. */
  extraCells: number;
}

/** Parses the file: 400 naming `file` for a file that is no CSV of customers (bad quoting, unknown or missing columns, no rows). */
export function parseCustomerCsv(text: string, maxRows: number): CsvRow[] {
  let header: string[] = [];
  let parsed: Array<{ record: Record<string, string>; info: { lines: number; error?: { record?: unknown[] } } }>;
  try {
    parsed = parse(text, {
      columns: (names: string[]) => (header = names.map((n) => n.trim())),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      bom: true,
      info: true,
    }) as typeof parsed;
  } catch (error) {
    const message = error instanceof CsvError || error instanceof Error ? error.message : String(error);
    throw invalidInput([{ field: 'file', message: `Not a readable CSV: ${message}` }], `The CSV could not be parsed: ${message}`);
  }
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  for (const name of header) {
    if (!KNOWN_COLUMNS.has(name)) problems.push({ field: `file.columns.${name || '(empty)'}`, message: 'Unknown column', constraint: { enum: [...KNOWN_COLUMNS] } });
    if (seen.has(name)) problems.push({ field: `file.columns.${name}`, message: 'The column appears twice' });
    seen.add(name);
  }
  for (const name of REQUIRED_COLUMNS) if (!seen.has(name)) problems.push({ field: `file.columns.${name}`, message: 'Required column is missing' });
  if (problems.length > 0) throw invalidInput(problems, 'The CSV header is not one of customers');
  if (parsed.length === 0) throw invalidInput([{ field: 'file', message: 'The CSV has a header but no customer rows' }]);
  if (parsed.length > maxRows) throw invalidInput([{ field: 'file', message: `At most ${maxRows} rows per file; this one has ${parsed.length}` }]);
  return parsed.map(({ record, info }, i) => ({
    row: i + 1,
    line: info.lines,
    cells: record,
    extraCells: Math.max(0, (info.error?.record?.length ?? 0) - header.length),
  }));
}

const valueOf = (cells: Record<string, string>, column: string): string | undefined => {
  const v = cells[column];
  return v === undefined || v === '' ? undefined : v;
};

/** A row as a create request, with the errors found before validation (missing cells, extra cells). */
export function requestOfRow(row: CsvRow): { request: Record<string, unknown>; errors: FieldError[] } {
  const cells = row.cells;
  const get = (column: string) => valueOf(cells, column);
  const errors: FieldError[] = [];
  if (row.extraCells > 0) errors.push({ field: '(row)', message: `${row.extraCells} more cell(s) than the header has columns` });
  for (const column of REQUIRED_COLUMNS) if (get(column) === undefined) errors.push({ field: column, message: 'Required' });
  const type = get('customerType');
  if (type === 'INDIVIDUAL' || type === 'BUSINESS') {
    for (const column of ROW_REQUIRED[type]) if (get(column) === undefined) errors.push({ field: column, message: `Required for a ${type} customer` });
  }
  const uma = get('umaAddress');
  const address = {
    line1: get('addressLine1'),
    line2: get('addressLine2'),
    city: get('city'),
    state: get('state'),
    postalCode: get('postalCode'),
    country: get('country'),
  };
  const request: Record<string, unknown> = {
    customerType: type,
    platformCustomerId: get('platformCustomerId'),
    // The reference's own example leaves out the leading $.
    umaAddress: uma === undefined || uma.startsWith('$') ? uma : `$${uma}`,
    email: get('email'),
    phoneNumber: get('phoneNumber'),
    region: get('region'),
    address,
  };
  if (type === 'BUSINESS') {
    request.businessInfo = {
      legalName: get('businessLegalName'),
      country: get('businessCountry') ?? get('country'),
      registrationNumber: get('businessRegistrationNumber'),
      taxId: get('businessTaxId'),
      incorporatedOn: get('businessIncorporatedOn'),
    };
  } else {
    Object.assign(request, { fullName: get('fullName'), birthDate: get('birthDate'), nationality: get('nationality') });
  }
  return { request: defined(request), errors };
}

/** A copy without the members (nested too) that are undefined: an empty cell is an absent field. */
function defined(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const v = value[key];
    if (v === undefined) continue;
    out[key] = v !== null && typeof v === 'object' ? defined(v as Record<string, unknown>) : v;
  }
  return out;
}
