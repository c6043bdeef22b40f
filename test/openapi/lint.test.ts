/**
 * Both served documents under Redocly's recommended ruleset: no errors, and
 * every warning that remains is listed here with its reason.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { cachedText } from '../support/test-cache.js';

/** The linter's version: a new one may judge the same document otherwise. */
const REDOCLY_VERSION = (JSON.parse(readFileSync(new URL('../../node_modules/@redocly/openapi-core/package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Warnings we keep, by rule and location, with why. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  // The reference has both paths; /customers/external-accounts/{id} and /customers/{id}/kyc-link cannot collide, since
  // a customer id never equals "external-accounts" and kyc-link is not an account id's segment.
  'no-ambiguous-paths #/paths/~1customers~1{customerId}~1kyc-link': "The reference's own paths: kept as the service names them",
  // The same for contact verification: a customer id never equals "external-accounts".
  'no-ambiguous-paths #/paths/~1customers~1{customerId}~1verify-email': "The reference's own paths: kept as the service names them",
  'no-ambiguous-paths #/paths/~1customers~1{customerId}~1verify-phone': "The reference's own paths: kept as the service names them",
};

type Problem = { severity: string; key: string; message: string };

/** The linter's problems with a document: linted again only when the document (or the linter) changed since the last run. */
async function lint(document: object, name: string): Promise<Problem[]> {
  const source = JSON.stringify(document);
  const text = await cachedText('redocly-lint', [source, name, REDOCLY_VERSION, 'recommended'], async () => {
    // Loaded only to lint: an unchanged document needs none of it.
    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: `/${name}.json`, config });
    return JSON.stringify(problems.map((p): Problem => ({ severity: p.severity, key: `${p.ruleId} ${p.location[0]?.pointer ?? ''}`, message: p.message })));
  });
  return JSON.parse(text) as Problem[];
}

describe("Redocly's recommended rules", () => {
  const sandbox = makeSandbox();

  it.each([
    ['the API document', () => sandbox.openApiDocument()],
    ['the control-plane document', () => sandbox.controlOpenApiDocument()],
  ])('%s: no errors, and only the listed warnings', async (name, document) => {
    const problems = await lint(document(), name.replace(/\W+/g, '-'));
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    const unexplained = problems.filter((p) => p.severity === 'warn' && !(p.key in ACCEPTED_WARNINGS));
    expect(unexplained).toEqual([]);
  }, 60_000);
});
