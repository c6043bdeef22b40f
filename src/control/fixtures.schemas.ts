/**
 * A fixture: a list of API steps, run through the API itself (every rule,
 * magic value and webhook applies), whose later steps refer to earlier
 * answers with `${name.path}`. docs/fixtures.md describes the format.
 */
import { z } from '@hono/zod-openapi';

export const STEP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The most runs of one step: a fixture seeds a test, it is no load generator. */
export const MAX_REPEAT = 1_000;
/** Ten years, as POST /__admin/clock/advance allows. */
const MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 3600;

const StepName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'A name is letters, digits, _ and -, starting with a letter or _').max(100);
const Scalar = z.union([z.string(), z.number(), z.boolean()]);

export const FixtureExpect = z.strictObject({
  status: z.number().int().min(100).max(599).optional().openapi({ description: 'The status the step must answer; any 2xx when absent' }),
  body: z.unknown().optional().openapi({ description: 'A partial match: every member given must be there, equal (arrays element by element)' }),
});

export const RequestStepSchema = z.strictObject({
  name: StepName.optional(),
  request: z
    .string()
    .regex(/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/, 'METHOD /path, e.g. "POST /customers"')
    .openapi({ description: '`METHOD path`, the path under the API base (or under /__admin for the control plane)', example: 'POST /customers' }),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), Scalar).optional(),
  repeat: z.number().int().min(1).max(MAX_REPEAT).optional().openapi({ description: 'Runs the step N times, with ${i} from 1 to N; its answers are referred to as ${name.0...}' }),
  expect: FixtureExpect.optional(),
});

export const AdvanceStepSchema = z.strictObject({
  name: StepName.optional(),
  advance: z.number().positive().max(MAX_ADVANCE_SECONDS).openapi({ description: 'Seconds to move the clock forward; due jobs run, as POST /__admin/clock/advance does' }),
});

export type RequestStep = z.infer<typeof RequestStepSchema>;
export type AdvanceStep = z.infer<typeof AdvanceStepSchema>;
export type FixtureStep = RequestStep | AdvanceStep;

export const Fixture = z
  .strictObject({
    description: z.string().max(2_000).optional().openapi({ description: 'What the fixture makes, for people' }),
    fixtures: z.array(z.unknown()).max(10_000),
  })
  .openapi('AdminFixture', { description: 'A list of API steps; see docs/fixtures.md' });

export interface FixtureDocument {
  description?: string;
  fixtures: FixtureStep[];
}

export const FixtureStepResult = z
  .object({
    name: z.string().optional(),
    request: z.string().openapi({ description: 'What ran, references resolved: `POST /customers`, or `advance 360`' }),
    status: z.number().int().openapi({ description: "The last run's status" }),
    ids: z.array(z.string()).openapi({ description: 'The ids the step made (one per run of a repeated step)' }),
  })
  .openapi('AdminFixtureStepResult');

export const FixtureResult = z.object({ steps: z.array(FixtureStepResult), now: z.string() }).openapi('AdminFixtureResult');
export type FixtureResult = z.infer<typeof FixtureResult>;

/** A fixture as GET /__admin/fixtures/export makes it. */
export const ExportedFixture = z
  .object({ description: z.string().optional(), fixtures: z.array(z.record(z.string(), z.unknown())) })
  .openapi('AdminExportedFixture');
