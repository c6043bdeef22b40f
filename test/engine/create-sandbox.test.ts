import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';

describe('createSandbox', () => {
  it('listens on 127.0.0.1 on a free port, in memory, and closes', async () => {
    const sandbox = await createSandbox();
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    const auth = { authorization: `Basic ${Buffer.from('suite:secret').toString('base64')}` };
    const res = await fetch(`${sandbox.url}/customers`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ customerType: 'INDIVIDUAL' }) });
    expect(res.status).toBe(201);
    expect(((await (await fetch(`${sandbox.origin}/__admin/health`, { headers: auth })).json()) as any).persistent).toBe(false);
    const inProcess = await sandbox.app.request('/2025-10-13/customers', { headers: auth });
    expect(((await inProcess.json()) as any).totalCount).toBe(1);
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/customers`, { headers: auth })).rejects.toThrow();
  });

  it('gives two sandboxes nothing in common', async () => {
    const [one, two] = await Promise.all([createSandbox(), createSandbox()]);
    expect(one.port).not.toBe(two.port);
    await Promise.all([one.close(), two.close()]);
  });
});
