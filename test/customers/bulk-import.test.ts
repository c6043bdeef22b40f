/** Bulk customer import from CSV: the job, its progress on the clock, per-row errors, and the customers of good rows. */
import { beforeEach, describe, expect, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { BULK_IMPORT_CHUNK_INTERVAL_MS as STEP_MS, BULK_IMPORT_CHUNK_ROWS as STEP_ROWS } from '../../src/rules/index.js';
import { makeSandbox, type Client } from '../helpers.js';

let client: Client;
beforeEach(() => {
  client = makeSandbox({ time: manualTime(Date.parse('2026-04-01T08:00:00.000Z')) }).client();
});

const HEADER = 'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,email,businessLegalName,businessTaxId,businessIncorporatedOn';
const individualRow = (n: number) => `$person${n}@sandbox.uma.local,person-${n},INDIVIDUAL,Person ${n},1990-01-15,${n} Main St,San Francisco,CA,94105,US,person${n}@example.com,,,`;
const businessRow = (n: number) => `biz${n}@sandbox.uma.local,biz-${n},BUSINESS,,,${n} Commerce Way,Austin,TX,78701,US,,Biz ${n} LLC,12-345678${n % 10},2015-06-01`;

const csv = (lines: string[]) => new File([[HEADER, ...lines].join('\n')], 'customers.csv', { type: 'text/csv' });
const upload = (file: File | string) => client.upload('/customers/bulk/csv', { file });
const job = async (id: string) => (await client.get(`/customers/bulk/jobs/${encodeURIComponent(id)}`)).body;
const advanceMs = async (ms: number) => expect((await client.post('/__admin/clock/advance', { seconds: ms / 1000 })).status).toBe(200);

describe('POST /customers/bulk/csv', () => {
  it('imports about 50 rows: good rows become customers, bad rows are reported by row, line and column', async () => {
    const lines: string[] = [];
    for (let n = 1; n <= 40; n++) lines.push(individualRow(n));
    for (let n = 1; n <= 6; n++) lines.push(businessRow(n));
    lines.push('$bad1@sandbox.uma.local,bad-1,INDIVIDUAL,Bad One,1990-13-45,1 Main St,San Francisco,CA,94105,USA,not-an-email,,,'); // row 47
    lines.push('$bad2@sandbox.uma.local,bad-2,INDIVIDUAL,,,,,,,,,,,'); // row 48: required cells empty
    lines.push('$person1@sandbox.uma.local,dup-uma,INDIVIDUAL,Dup Uma,1990-01-15,1 Main St,San Francisco,CA,94105,US,,,,'); // row 49: UMA address taken
    lines.push('$other@sandbox.uma.local,person-2,INDIVIDUAL,Dup Id,1990-01-15,1 Main St,San Francisco,CA,94105,US,,,,'); // row 50: platformCustomerId taken
    lines.push('$biz-bad@sandbox.uma.local,biz-bad,BUSINESS,,,1 Way,Austin,TX,78701,US,,Biz Bad,,'); // row 51: no tax id or incorporation date
    lines.push('$robot@sandbox.uma.local,robot-1,ROBOT,,,,,,,,,,,'); // row 52

    const accepted = await upload(csv(lines));
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ jobId: expect.stringMatching(/^Job:/), status: 'PENDING' });
    const id = accepted.body.jobId;
    expect(await job(id)).toEqual({ id, status: 'PENDING', progress: { total: 52, processed: 0, successful: 0, failed: 0 }, errors: [] });
    expect((await client.get('/customers')).body.totalCount).toBe(0);

    await advanceMs(STEP_MS - 1);
    expect((await job(id)).status).toBe('PENDING');
    await advanceMs(1);
    const done = await job(id);
    expect(done.status).toBe('COMPLETED');
    expect(done.progress).toEqual({ total: 52, processed: 52, successful: 46, failed: 6 });
    expect(done.completedAt).toBe(new Date(Date.parse('2026-04-01T08:00:00.000Z') + STEP_MS).toISOString());
    const byRow = new Map(done.errors.map((e: any) => [e.details.row, e]));
    expect([...byRow.keys()]).toEqual([47, 48, 49, 50, 51, 52]);
    expect(byRow.get(47)).toMatchObject({ correlationId: 'bad-1', code: 'INVALID_INPUT', details: { row: 47, line: 48 } });
    expect((byRow.get(47) as any).details.errors.map((e: any) => e.field).sort()).toEqual(['birthDate', 'country', 'email']);
    expect((byRow.get(48) as any).details.errors.map((e: any) => e.field).sort()).toEqual(['addressLine1', 'birthDate', 'city', 'country', 'fullName', 'postalCode', 'state']);
    expect(byRow.get(49)).toMatchObject({ code: 'UMA_ADDRESS_EXISTS', details: { errors: [{ field: 'umaAddress' }] } });
    expect(byRow.get(50)).toMatchObject({ code: 'CONFLICT', details: { errors: [{ field: 'platformCustomerId' }] } });
    expect((byRow.get(51) as any).details.errors.map((e: any) => e.field).sort()).toEqual(['businessIncorporatedOn', 'businessTaxId']);
    expect(byRow.get(52)).toMatchObject({ correlationId: 'robot-1', code: 'INVALID_INPUT', details: { errors: [{ field: 'customerType', constraint: { enum: ['INDIVIDUAL', 'BUSINESS'] } }] } });

    const customers = await client.get('/customers?limit=100');
    expect(customers.body.totalCount).toBe(46);
    const person = (await client.get('/customers?platformCustomerId=person-7')).body.data[0];
    expect(person).toMatchObject({ customerType: 'INDIVIDUAL', fullName: 'Person 7', birthDate: '1990-01-15', umaAddress: '$person7@sandbox.uma.local', email: 'person7@example.com', address: { line1: '7 Main St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' } });
    const biz = (await client.get('/customers?platformCustomerId=biz-3')).body.data[0];
    expect(biz).toMatchObject({ customerType: 'BUSINESS', umaAddress: '$biz3@sandbox.uma.local', businessInfo: { legalName: 'Biz 3 LLC', country: 'US', taxId: '12-3456783', incorporatedOn: '2015-06-01' } });
    expect((await client.get(`/customers/internal-accounts?customerId=${person.id}`)).body.totalCount).toBe(1);

    const events = (await client.get('/__admin/events?limit=100')).body.data.filter((e: any) => e.type.startsWith('BULK_UPLOAD.'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'BULK_UPLOAD.COMPLETED', data: { id, status: 'COMPLETED', progress: { successful: 46, failed: 6 } } });
  });

  it('creates rows a step at a time on the sandbox clock: PROCESSING with partial counts in between', async () => {
    const total = Math.floor(STEP_ROWS * 2.5);
    const lines = Array.from({ length: total }, (_, i) => individualRow(i + 1));
    const id = (await upload(csv(lines))).body.jobId;
    await advanceMs(STEP_MS);
    expect(await job(id)).toMatchObject({ status: 'PROCESSING', progress: { total, processed: STEP_ROWS, successful: STEP_ROWS, failed: 0 } });
    expect((await job(id)).completedAt).toBeUndefined();
    expect((await client.get('/customers')).body.totalCount).toBe(STEP_ROWS);
    await advanceMs(STEP_MS);
    expect((await job(id)).progress.processed).toBe(2 * STEP_ROWS);
    await advanceMs(STEP_MS - 1);
    expect((await job(id)).status).toBe('PROCESSING');
    await advanceMs(1);
    expect(await job(id)).toMatchObject({ status: 'COMPLETED', progress: { processed: total, successful: total, failed: 0 } });
    expect((await client.get('/customers')).body.totalCount).toBe(total);
  });

  it('ends FAILED, with BULK_UPLOAD.FAILED, when no row could be created', async () => {
    const id = (await upload(csv(['$x@sandbox.uma.local,x,INDIVIDUAL,,,,,,,,,,,', '$y@sandbox.uma.local,,BUSINESS,,,,,,,,,,,']))).body.jobId;
    await advanceMs(10);
    const failed = await job(id);
    expect(failed).toMatchObject({ status: 'FAILED', progress: { total: 2, processed: 2, successful: 0, failed: 2 }, completedAt: expect.any(String) });
    expect(failed.errors[1]).toMatchObject({ correlationId: 'row 2', details: { row: 2, line: 3 } });
    expect(failed.errors[1].details.errors.map((e: any) => e.field)).toContain('platformCustomerId');
    const types = (await client.get('/__admin/events?limit=10')).body.data.map((e: any) => e.type);
    expect(types).toContain('BULK_UPLOAD.FAILED');
  });

  it('reads the public description’s own example: umaAddress without $, short business rows', async () => {
    const text = [
      'umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,platformAccountId,businessLegalName',
      'john.doe@uma.domain.com,customer123,INDIVIDUAL,John Doe,1990-01-15,123 Main St,San Francisco,CA,94105,US',
      'acme@uma.domain.com,biz456,BUSINESS,,,400 Commerce Way,Austin,TX,78701,US',
    ].join('\r\n');
    const id = (await upload(new File([`\uFEFF${text}`], 'example.csv'))).body.jobId;
    await advanceMs(10);
    const done = await job(id);
    expect(done.progress).toEqual({ total: 2, processed: 2, successful: 1, failed: 1 });
    expect((await client.get('/customers?platformCustomerId=customer123')).body.data[0].umaAddress).toBe('$john.doe@uma.domain.com');
    expect(done.errors[0]).toMatchObject({ correlationId: 'biz456', details: { row: 2 } });
    expect(done.errors[0].details.errors.map((e: any) => e.field).sort()).toEqual(['businessIncorporatedOn', 'businessLegalName', 'businessTaxId']);
  });

  it('applies the region rules: an EU row without a phone is MISSING_MANDATORY_USER_INFO', async () => {
    const text = ['umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,email,phoneNumber,region', '$eu@sandbox.uma.local,eu-1,INDIVIDUAL,Jana Novak,1990-01-15,Hauptstr 1,Berlin,BE,10115,DE,jana@example.de,,DE', '$eu2@sandbox.uma.local,eu-2,INDIVIDUAL,Jan Novak,1990-01-15,Hauptstr 1,Berlin,BE,10115,DE,jan@example.de,+4915123456789,DE'].join('\n');
    const id = (await upload(text === '' ? '' : new File([text], 'eu.csv'))).body.jobId;
    await advanceMs(10);
    const done = await job(id);
    expect(done.errors).toEqual([expect.objectContaining({ correlationId: 'eu-1', code: 'MISSING_MANDATORY_USER_INFO', details: expect.objectContaining({ errors: [expect.objectContaining({ field: 'phoneNumber' })] }) })]);
    expect((await client.get('/customers?platformCustomerId=eu-2')).body.data[0].contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
  });

  it('refuses at once a file that is no CSV of customers, naming the problem', async () => {
    const cases: Array<[string, string[]]> = [
      ['umaAddress,platformCustomerId\n$a@x.com,a', ['file.columns.customerType']],
      [`${HEADER},favouriteColour\n`, ['file.columns.favouriteColour']],
      [`${HEADER}\n`, ['file']],
      [`${HEADER}\n"unterminated,x,INDIVIDUAL`, ['file']],
      ['umaAddress,umaAddress,platformCustomerId,customerType\n', ['file.columns.umaAddress']],
    ];
    for (const [text, fields] of cases) {
      const res = await upload(new File([text], 'bad.csv'));
      expect(res.status, text).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect(res.body.details.errors.map((e: any) => e.field), text).toEqual(fields);
    }
    const noFile = await client.upload('/customers/bulk/csv', { other: 'x' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.details.errors[0].field).toBe('file');
    const asText = await upload('not a file');
    expect(asText.status).toBe(400);
    const json = await client.post('/customers/bulk/csv', { file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await client.get('/__admin/clock')).body.pendingJobs).toEqual([]);
  });

  it('reports extra cells in a row, and flags the row by its line', async () => {
    const id = (await upload(csv([`${individualRow(1)},surprise`]))).body.jobId;
    await advanceMs(10);
    const done = await job(id);
    expect(done.errors[0].details).toMatchObject({ row: 1, line: 2, errors: [{ field: '(row)' }] });
  });
});

describe('GET /customers/bulk/jobs/{jobId}', () => {
  it('is 404 BULK_UPLOAD_JOB_NOT_FOUND for an unknown job, and survives a snapshot round trip', async () => {
    const missing = await client.get('/customers/bulk/jobs/Job:00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('BULK_UPLOAD_JOB_NOT_FOUND');
    const id = (await upload(csv([individualRow(1)]))).body.jobId;
    await advanceMs(10);
    const snapshot = (await client.get('/__admin/snapshot')).body;
    await client.post('/__admin/reset');
    expect((await client.get(`/customers/bulk/jobs/${id}`)).status).toBe(404);
    expect((await client.call('PUT', '/__admin/snapshot', JSON.stringify(snapshot), { 'content-type': 'application/json' })).status).toBe(200);
    expect((await job(id)).status).toBe('COMPLETED');
  });
});
