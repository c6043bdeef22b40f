/**
 * paysandbox benchmark (`npm run bench`, after `npm run build`).
 *
 * The servers run in child processes (the real CLI, or bench/server.mjs for
 * the seeded runs) and autocannon runs here, so the load generator does not
 * share the server's event loop. It is a report, not a test: every result is
 * printed with its target and PASS/FAIL, and the exit code is 0 unless the
 * script itself fails. Results also go to bench/results.json.
 *
 * Environment:
 *   BENCH_DURATION   seconds per measured autocannon run (default 10)
 *   BENCH_WARMUP     seconds of warm-up load before each GET and POST run (default 2, at most the duration)
 *   BENCH_CPU_PROF   a directory: run the quote+execute server child with --cpu-prof, writing its profile there
 */
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH_DIR);
const CLI = join(ROOT, 'bin', 'paysandbox');
const SERVER = join(BENCH_DIR, 'server.mjs');
const RESULTS_FILE = join(BENCH_DIR, 'results.json');

const DURATION = positive(process.env.BENCH_DURATION, 10);
const WARMUP = Math.min(positive(process.env.BENCH_WARMUP, 2), DURATION);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF || undefined;
const CONNECTIONS = 10;
const STARTUP_RUNS = 5;
const GET_SIZES = [1_000, 10_000, 100_000];
const GET_CUSTOMERS = 1_000;
const AUTH = `Basic ${Buffer.from('bench:secret').toString('base64')}`;
const MB = 1024 * 1024;

function positive(text, fallback) {
  const n = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

// ---------------------------------------------------------------------------
// Children and temp dirs: always cleaned up.

const children = new Set();
const tempDirs = new Set();

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function cleanup() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {}
  }
  children.clear();
  for (const dir of tempDirs) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {}
  }
  tempDirs.clear();
}

process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

function makeTempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'paysandbox-bench-'));
  tempDirs.add(dir);
  return dir;
}

function removeTempDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]);
}

/** Resolves with the exit code (or signal name) once the child has exited. */
function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** SIGTERM (or a close message), then SIGKILL if it does not exit in time. */
async function stopChild(child, { timeoutMs = 30_000, message } = {}) {
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) {
    if (message && child.connected) child.send(message);
    else child.kill('SIGTERM');
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await done;
  clearTimeout(timer);
  return code;
}

function collect(stream, limit = 64 * 1024) {
  const out = { text: '' };
  stream?.setEncoding('utf8');
  stream?.on('data', (d) => {
    if (out.text.length < limit) out.text += d;
  });
  return out;
}

// ---------------------------------------------------------------------------
// HTTP without fetch (undici's lazy start-up would distort the start-up timing).

function http(url, { method = 'GET', headers = {}, body, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { authorization: AUTH, ...headers }, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('request timed out')));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function json(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function vmRssBytes(pid) {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** User + system CPU time of a process so far, in ms (Linux; undefined elsewhere). */
function cpuTimeMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

// ---------------------------------------------------------------------------
// The CLI and the seeded bench server.

/** Spawns `node bin/paysandbox ...args`; resolves the API URL from the banner. */
function spawnCli(args) {
  const started = performance.now();
  const child = track(spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }));
  const stderr = collect(child.stderr);
  const url = new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      buffered += d;
      const m = /^\s*API\s+(http\S+)/m.exec(buffered);
      if (m) {
        buffered = '';
        resolve({ url: m[1], bannerMs: performance.now() - started });
      }
    });
    child.once('exit', (code) => reject(new Error(`paysandbox exited with ${code} before printing its URL: ${stderr.text.trim()}`)));
    child.once('error', reject);
  });
  url.catch(() => {});
  return { child, started, url, stderr };
}

/** Forks bench/server.mjs; resolves its ready message. */
async function startBenchServer(args, { timeoutMs = 180_000, execArgv = [] } = {}) {
  const child = track(fork(SERVER, args, { cwd: ROOT, execArgv: ['--expose-gc', ...execArgv], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] }));
  const stderr = collect(child.stderr);
  const ready = new Promise((resolve, reject) => {
    child.on('message', (msg) => {
      if (msg?.type === 'ready') resolve(msg);
      else if (msg?.type === 'error') reject(new Error(`bench server failed: ${msg.message}`));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}: ${stderr.text.trim()}`)));
  });
  const info = await withTimeout(ready, timeoutMs, `bench server ${args.join(' ')}`);
  return { child, stderr, ...info };
}

function ask(child, type, timeoutMs = 30_000) {
  const answer = new Promise((resolve) => {
    const onMessage = (msg) => {
      if (msg?.type === type) {
        child.off('message', onMessage);
        resolve(msg);
      }
    };
    child.on('message', onMessage);
  });
  child.send({ type });
  return withTimeout(answer, timeoutMs, `${type} from bench server`);
}

// ---------------------------------------------------------------------------
// Load.

async function load({ url, method = 'GET', body, duration = DURATION, headers = {} }) {
  const result = await autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: AUTH, ...headers },
    ...(body !== undefined ? { body } : {}),
  });
  return {
    durationS: duration,
    connections: CONNECTIONS,
    reqPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    total: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
    throughputMBps: result.throughput.average / MB,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (n, digits = 1) => (n === undefined || n === null || Number.isNaN(n) ? 'n/a' : Number(n).toFixed(digits));
const mb = (bytes) => (bytes === undefined ? undefined : bytes / MB);

// ---------------------------------------------------------------------------
// 1. Start-up to the first authenticated 200.

async function startupOnce() {
  const { child, started, url, stderr } = spawnCli(['--port', '0', '--memory', '--log', 'pretty']);
  try {
    const { url: apiUrl, bannerMs } = await withTimeout(url, 15_000, 'paysandbox banner');
    let status;
    for (;;) {
      try {
        status = (await http(`${apiUrl}/customers`)).status;
      } catch {
        status = undefined;
      }
      if (status === 200) break;
      if (performance.now() - started > 15_000) throw new Error(`no 200 from ${apiUrl}/customers within 15 s (last status ${status}); stderr: ${stderr.text.trim()}`);
      await sleep(2);
    }
    const firstOkMs = performance.now() - started;
    const rss = vmRssBytes(child.pid);
    const exitCode = await stopChild(child);
    return { firstOkMs, bannerMs, cliRssAfterFirstRequest: rss, exitCode };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

async function benchStartup() {
  log(`[1/6] start-up: ${STARTUP_RUNS} runs of \`node bin/paysandbox --port 0 --memory --log pretty\` until GET /customers answers 200`);
  const runs = [];
  for (let i = 0; i < STARTUP_RUNS; i++) {
    const run = await startupOnce();
    runs.push(run);
    log(`      run ${i + 1}: first 200 after ${fmt(run.firstOkMs)} ms (banner after ${fmt(run.bannerMs)} ms), exit code ${run.exitCode}`);
  }
  return {
    runs,
    medianFirstOkMs: median(runs.map((r) => r.firstOkMs)),
    medianBannerMs: median(runs.map((r) => r.bannerMs)),
    medianCliRssAfterFirstRequest: median(runs.map((r) => r.cliRssAfterFirstRequest ?? 0)),
    exitCodes: runs.map((r) => r.exitCode),
  };
}

// ---------------------------------------------------------------------------
// 2. Listing external accounts with 1k / 10k / 100k stored, and 4b. memory at 100k.

async function benchList(accounts) {
  log(`[2/6] GET /customers/external-accounts?limit=20 with ${accounts.toLocaleString('en-US')} stored external accounts (${GET_CUSTOMERS.toLocaleString('en-US')} customers)`);
  const server = await startBenchServer(['--memory', '--accounts', String(accounts), '--customers', String(GET_CUSTOMERS)]);
  try {
    log(`      seeded in ${fmt(server.seedMs, 0)} ms: ${JSON.stringify(server.seeded)}`);
    const url = `${server.url}/customers/external-accounts?limit=20`;
    const first = await http(url);
    const page = json(first.body);
    if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}: ${first.body.slice(0, 500)}`);
    const memoryBeforeLoad = await ask(server.child, 'memory');
    if (WARMUP > 0) await load({ url, duration: WARMUP });
    const result = await load({ url });
    await sleep(500); // let the server see autocannon's sockets close
    const memoryAfterLoad = await ask(server.child, 'memory');
    let sampleError;
    if (result.non2xx > 0) {
      const r = await http(url);
      sampleError = `${r.status} ${r.body.slice(0, 300)}`;
    }
    log(`      ${fmt(result.reqPerSec, 0)} req/s, p50 ${fmt(result.latencyP50Ms, 2)} ms, p99 ${fmt(result.latencyP99Ms, 2)} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
    const stopped = await stopChild(server.child, { message: { type: 'close' } });
    return {
      storedAccounts: accounts,
      seeded: server.seeded,
      seedMs: server.seedMs,
      firstPage: { status: first.status, items: page?.data?.length, totalCount: page?.totalCount, hasMore: page?.hasMore, bytes: Buffer.byteLength(first.body) },
      ...result,
      sampleError,
      memoryBeforeLoad,
      memoryAfterLoad,
      exitCode: stopped,
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------
// 3. POST /customers with the JSON file on.

function customersInDataDir(dataDir) {
  const dir = join(dataDir, 'tenants');
  let files = [];
  try {
    files = readdirSync(dir).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  } catch {}
  let customers = 0;
  let bytes = 0;
  const perFile = {};
  const problems = [];
  for (const name of files) {
    const file = join(dir, name);
    bytes += statSync(file).size;
    const data = json(readFileSync(file, 'utf8'));
    if (!data) {
      problems.push(`${name} is not valid JSON`);
      continue;
    }
    const n = Object.keys(data.customers ?? {}).length;
    perFile[name] = { tenantId: data.tenantId, customers: n, internalAccounts: Object.keys(data.internalAccounts ?? {}).length, externalAccounts: Object.keys(data.externalAccounts ?? {}).length };
    customers += n;
  }
  return { files: files.length, customers, bytes, perFile, problems };
}

async function benchCreate() {
  const dataDir = makeTempDir();
  log(`[3/6] POST /customers with JSON-file persistence (--data ${dataDir})`);
  const { child, url, stderr } = spawnCli(['--port', '0', '--data', dataDir, '--log', 'pretty']);
  try {
    const { url: apiUrl } = await withTimeout(url, 15_000, 'paysandbox banner');
    const check = await http(`${apiUrl}/customers?limit=1`);
    if (check.status !== 200) throw new Error(`GET /customers answered ${check.status}: ${check.body.slice(0, 500)}`);
    const body = JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Bench Person' });
    const post = { url: `${apiUrl}/customers`, method: 'POST', body, headers: { 'content-type': 'application/json' } };
    // Warm-up load (its customers are stored too, and counted below), then the measured run.
    const warmup = WARMUP > 0 ? await load({ ...post, duration: WARMUP }) : undefined;
    const runs = warmup ? 2 : 1;
    const result = await load(post);
    let sampleError;
    if (result.non2xx > 0) {
      const r = await http(`${apiUrl}/customers`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      sampleError = `${r.status} ${r.body.slice(0, 300)}`;
    }
    const listed = json((await http(`${apiUrl}/customers?limit=1`)).body);
    const apiCount = listed?.totalCount;
    const rssAfterLoad = vmRssBytes(child.pid);
    log(`      ${fmt(result.reqPerSec, 0)} req/s, p50 ${fmt(result.latencyP50Ms, 2)} ms, p99 ${fmt(result.latencyP99Ms, 2)} ms, 2xx ${result.ok2xx}, non-2xx ${result.non2xx}, errors ${result.errors}`);
    // The sample request above (if any) only happens on failures; count it if it succeeded.
    const stopStarted = performance.now();
    const exitCode = await stopChild(child, { timeoutMs: 60_000 });
    const shutdownMs = performance.now() - stopStarted;
    const file = customersInDataDir(dataDir);
    const extraOk = sampleError === undefined ? 0 : sampleError.startsWith('201') ? 1 : 0;
    const expected = (warmup?.ok2xx ?? 0) + result.ok2xx + extraOk;
    const exactMatch = file.customers === expected;
    // autocannon drops responses still in flight when its duration ends; the server may
    // have stored up to one customer per connection that autocannon never counted.
    const inFlight = file.customers - expected;
    const complete = exitCode === 0 && file.problems.length === 0 && (apiCount === undefined || file.customers === apiCount) && inFlight >= 0 && inFlight <= CONNECTIONS * runs;
    log(`      SIGTERM -> exit code ${exitCode} after ${fmt(shutdownMs, 0)} ms; data file(s): ${file.files}, ${fmt(mb(file.bytes))} MB, ${file.customers} customers (API totalCount before SIGTERM: ${apiCount}, autocannon 2xx${warmup ? " incl. warm-up" : ""}: ${expected})`);
    log(`      data file complete: ${complete ? 'yes' : 'no'} (customers in file ${exactMatch ? '=' : '!='} autocannon 2xx${exactMatch ? '' : `: ${inFlight >= 0 ? '+' : ''}${inFlight}, ${inFlight >= 0 && inFlight <= CONNECTIONS * runs ? 'requests still in flight when autocannon stopped; the file equals the server\'s own count' : 'not explained by in-flight requests'}`})`);
    const stderrText = stderr.text.trim();
    return {
      dataDir,
      ...result,
      warmup,
      sampleError,
      apiCountBeforeStop: apiCount,
      exitCode,
      shutdownMs,
      dataFile: file,
      customersInFile: file.customers,
      autocannon2xx: expected,
      exactMatch,
      uncountedInFlight: inFlight,
      dataFileComplete: complete,
      rssAfterLoad,
      serverStderr: stderrText
        .split('\n')
        .filter((l) => l && !/writing data and stopping/.test(l))
        .slice(0, 20),
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    removeTempDir(dataDir);
  }
}

// ---------------------------------------------------------------------------
// 4a. Idle memory.

async function benchIdleMemory() {
  log('[4/6] memory: idle sandbox (memory mode, after its first authenticated request)');
  const server = await startBenchServer(['--memory']);
  try {
    const first = await http(`${server.url}/customers`);
    if (first.status !== 200) throw new Error(`GET /customers answered ${first.status}`);
    const memory = await ask(server.child, 'memory');
    const counts = await ask(server.child, 'counts');
    log(`      RSS ${fmt(mb(memory.rss))} MB (heap used ${fmt(mb(memory.heapUsed))} MB), gc exposed: ${memory.gcExposed}`);
    await stopChild(server.child, { message: { type: 'close' } });
    return { ...memory, counts };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------
// 5. Quote + execute: POST /quotes then POST /quotes/{id}/execute, chained per connection.

const QE_AMOUNT = 1_000; // lockedCurrencyAmount (SENDING side: the fees are inside it, so each pair debits exactly this)
const QE_FUND_MAX = 100_000_000_000; // the most one funding call accepts
const QE_PAIRS_PER_S_CEILING = 100_000; // funding covers this rate for the whole warm-up + run, far above what one server does

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted.length ? sorted[sorted.length - 1] : undefined };
}

async function httpJson(url, { method = 'GET', body, expect } = {}) {
  const r = await http(url, body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (expect !== undefined && r.status !== expect) throw new Error(`${method} ${url} answered ${r.status} (expected ${expect}): ${r.body.slice(0, 500)}`);
  return { status: r.status, body: json(r.body), text: r.body };
}

/** One autocannon run of chained quote -> execute pairs; counts each kind on its own. */
async function quoteExecuteLoad({ url, quoteBody, duration }) {
  const base = new URL(url);
  const prefix = base.pathname.replace(/\/$/, '');
  const s = {
    quotes: { ok: 0, other: 0, latencies: [], sample: undefined },
    executes: { ok: 0, notCompleted: 0, other: 0, latencies: [], sample: undefined },
    executeSent: 0,
    inFlight: new Set(), // quote ids whose execute was sent but not answered
    perSecond: [], // COMPLETED executes in each second of the run
  };
  let startedAt = performance.now();
  const requests = [
    {
      method: 'POST',
      path: `${prefix}/quotes`,
      headers: { 'content-type': 'application/json' },
      body: quoteBody,
      onResponse: (status, body, context) => {
        const quote = status === 201 ? json(body) : undefined;
        if (quote?.id) {
          s.quotes.ok++;
          context.quoteId = quote.id;
        } else {
          s.quotes.other++;
          s.quotes.sample ??= `${status} ${String(body).slice(0, 300)}`;
        }
      },
    },
    {
      method: 'POST',
      // no quote id (the quote failed): autocannon starts the pair again with a new quote
      setupRequest: (req, context) => {
        if (!context.quoteId) return undefined;
        s.executeSent++;
        s.inFlight.add(context.quoteId);
        return { ...req, path: `${prefix}/quotes/${context.quoteId}/execute` };
      },
      onResponse: (status, body, context) => {
        s.inFlight.delete(context.quoteId);
        const executed = status === 200 ? json(body) : undefined;
        if (executed?.status === 'COMPLETED') {
          s.executes.ok++;
          const second = Math.floor((performance.now() - startedAt) / 1000);
          s.perSecond[second] = (s.perSecond[second] ?? 0) + 1;
        } else if (status === 200) {
          s.executes.notCompleted++;
          s.executes.sample ??= `${status} status ${executed?.status}`;
        } else {
          s.executes.other++;
          s.executes.sample ??= `${status} ${String(body).slice(0, 300)}`;
        }
      },
    },
  ];
  startedAt = performance.now();
  const instance = autocannon({ url, connections: CONNECTIONS, duration, headers: { authorization: AUTH }, requests });
  // The request just answered is still the iterator's current one when 'response' fires.
  instance.on('response', (client, statusCode, _bytes, responseTime) => {
    if (statusCode < 200 || statusCode >= 300) return; // like autocannon: 2xx latencies only
    (client.requestIterator.currentRequestIndex === 0 ? s.quotes : s.executes).latencies.push(responseTime);
  });
  const result = await instance;
  for (let i = 0; i < duration; i++) s.perSecond[i] ??= 0;
  const quoteLatency = latencySummary(s.quotes.latencies);
  const executeLatency = latencySummary(s.executes.latencies);
  return {
    durationS: duration,
    connections: CONNECTIONS,
    pairsPerSec: s.executes.ok / duration,
    reqPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    quote: { ok201: s.quotes.ok, failed: s.quotes.other, latencyP50Ms: quoteLatency.p50Ms, latencyP99Ms: quoteLatency.p99Ms, latencyMaxMs: quoteLatency.maxMs, sampleError: s.quotes.sample },
    execute: {
      sent: s.executeSent,
      completed200: s.executes.ok,
      ok200NotCompleted: s.executes.notCompleted,
      failed: s.executes.other,
      latencyP50Ms: executeLatency.p50Ms,
      latencyP99Ms: executeLatency.p99Ms,
      latencyMaxMs: executeLatency.maxMs,
      sampleError: s.executes.sample,
    },
    completedPerSecond: s.perSecond.slice(0, duration + 1),
    inFlightExecuteQuoteIds: [...s.inFlight],
    total: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, st]) => [code, st.count])),
  };
}

async function benchQuoteExecute() {
  log(`[5/6] POST /quotes + POST /quotes/{id}/execute pairs (memory mode, one customer, internal USD -> external USD account ending in 000)${CPU_PROF_DIR ? `; server CPU profile to ${CPU_PROF_DIR}` : ''}`);
  const execArgv = CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const server = await startBenchServer(['--memory'], { execArgv });
  try {
    const api = server.url;
    const customer = (await httpJson(`${api}/customers`, { method: 'POST', body: { customerType: 'INDIVIDUAL', fullName: 'Bench Payer' }, expect: 201 })).body;
    const internal = (await httpJson(`${api}/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`, { expect: 200 })).body;
    const account = internal?.data?.find((a) => a.balance?.currency?.code === 'USD');
    if (!account) throw new Error(`customer ${customer.id} has no USD internal account: ${JSON.stringify(internal).slice(0, 500)}`);

    // Enough for QE_PAIRS_PER_S_CEILING pairs a second over the warm-up and the run, in calls of at most QE_FUND_MAX.
    const fundTarget = Math.ceil(QE_PAIRS_PER_S_CEILING * (WARMUP + DURATION + 1) * QE_AMOUNT);
    let balance = account.balance.amount;
    let fundingCalls = 0;
    while (balance < fundTarget) {
      const amount = Math.min(QE_FUND_MAX, fundTarget - balance);
      balance = (await httpJson(`${api}/sandbox/internal-accounts/${account.id}/fund`, { method: 'POST', body: { amount }, expect: 200 })).body.balance.amount;
      fundingCalls++;
    }
    const external = (
      await httpJson(`${api}/customers/external-accounts`, {
        method: 'POST',
        body: {
          customerId: customer.id,
          currency: 'USD',
          accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
        },
        expect: 201,
      })
    ).body;
    const quoteRequest = {
      source: { sourceType: 'ACCOUNT', accountId: account.id },
      destination: { destinationType: 'ACCOUNT', accountId: external.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: QE_AMOUNT,
    };
    const quoteBody = JSON.stringify(quoteRequest);

    // One pair by hand first, so a broken flow fails with a readable message.
    const quote = (await httpJson(`${api}/quotes`, { method: 'POST', body: quoteRequest, expect: 201 })).body;
    const executed = (await httpJson(`${api}/quotes/${quote.id}/execute`, { method: 'POST', expect: 200 })).body;
    if (executed?.status !== 'COMPLETED') throw new Error(`executing ${quote.id} answered status ${executed?.status}`);
    log(`      customer ${customer.id}, ${account.id} funded with ${balance.toLocaleString('en-US')} in ${fundingCalls} call(s), ${external.id}; one quote of ${quote.totalSendingAmount} USD (fees ${quote.feesIncluded}) executed by hand: ${executed.status}`);

    const warmup = WARMUP > 0 ? await quoteExecuteLoad({ url: api, quoteBody, duration: WARMUP }) : undefined;
    // Keep-alive connections, as a wallet app's HTTP client keeps them.
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const cpuBefore = cpuTimeMs(server.child.pid);
    const result = await quoteExecuteLoad({ url: api, quoteBody, duration: DURATION });
    const cpuAfter = cpuTimeMs(server.child.pid);
    agent.destroy();
    // Server CPU per executed pair: a cost that does not depend on what else shares the machine.
    result.serverCpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
    result.serverCpuMsPerPair = result.serverCpuMs !== undefined && result.execute.completed200 > 0 ? result.serverCpuMs / result.execute.completed200 : undefined;
    await sleep(500); // let the server answer what autocannon left in flight

    // Executes still in flight when autocannon stopped were never counted by it; ask the server how they ended.
    const runs = [warmup, result].filter(Boolean);
    let inFlightCompleted = 0;
    let inFlightOther = 0;
    for (const run of runs) {
      run.inFlightCompleted = 0;
      for (const id of run.inFlightExecuteQuoteIds) {
        const q = await httpJson(`${api}/quotes/${id}`);
        if (q.body?.status === 'COMPLETED') run.inFlightCompleted++;
        else inFlightOther++;
      }
      inFlightCompleted += run.inFlightCompleted;
    }
    const listed = await httpJson(`${api}/transactions?type=OUTGOING&status=COMPLETED&limit=1`, { expect: 200 });
    const completedTransactions = listed.body?.totalCount;
    const counted200 = 1 + runs.reduce((n, r) => n + r.execute.completed200, 0); // 1: the pair by hand
    const successfulExecutes = counted200 + inFlightCompleted;
    const match = completedTransactions === successfulExecutes;
    const after = (await httpJson(`${api}/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`, { expect: 200 })).body?.data?.find((a) => a.id === account.id);
    const counts = await ask(server.child, 'counts');
    const memory = await ask(server.child, 'memory');

    const first = result.completedPerSecond[0];
    const last = result.completedPerSecond[DURATION - 1];
    log(`      ${fmt(result.pairsPerSec, 0)} pairs/s (${fmt(result.reqPerSec, 0)} req/s; server CPU ${fmt(result.serverCpuMsPerPair, 3)} ms per pair, ${fmt(result.serverCpuMs / (DURATION * 10), 0)}% of one core), quote p99 ${fmt(result.quote.latencyP99Ms, 2)} ms (p50 ${fmt(result.quote.latencyP50Ms, 2)}), execute p99 ${fmt(result.execute.latencyP99Ms, 2)} ms (p50 ${fmt(result.execute.latencyP50Ms, 2)}), non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
    log(`      COMPLETED executes per second: ${result.completedPerSecond.slice(0, DURATION).join(', ')}${warmup ? ` (after ${warmup.execute.completed200} in the ${WARMUP} s warm-up)` : ''}`);
    log(
      `      COMPLETED OUTGOING transactions via API: ${completedTransactions}; successful executes: ${successfulExecutes} (${counted200} answered 200 COMPLETED incl. the one by hand${warmup ? ' and the warm-up' : ''}, + ${inFlightCompleted} in flight at autocannon's stop and COMPLETED on the server${inFlightOther ? `, ${inFlightOther} in flight and not completed` : ''}) -> ${match ? 'equal' : 'NOT equal'}`,
    );
    log(`      balance left ${after?.balance?.amount?.toLocaleString('en-US')} USD minor units; stored: ${JSON.stringify(counts)}; RSS ${fmt(mb(memory.rss))} MB after gc`);

    const exitCode = await stopChild(server.child, { message: { type: 'close' } });
    let cpuProfiles;
    if (CPU_PROF_DIR) {
      try {
        cpuProfiles = readdirSync(CPU_PROF_DIR).filter((n) => n.endsWith('.cpuprofile')).map((n) => join(CPU_PROF_DIR, n));
      } catch {}
    }
    const strip = (run) => run && { ...run, inFlightExecuteQuoteIds: run.inFlightExecuteQuoteIds.length };
    return {
      ...strip(result),
      warmup: strip(warmup),
      customerId: customer.id,
      internalAccountId: account.id,
      externalAccountId: external.id,
      fundingCalls,
      funded: balance,
      balanceAfter: after?.balance?.amount,
      verification: {
        completedOutgoingTransactions: completedTransactions,
        answered200Completed: counted200,
        inFlightAtStopCompleted: inFlightCompleted,
        inFlightAtStopNotCompleted: inFlightOther,
        successfulExecutes,
        equal: match,
      },
      completedPerSecondFirst: first,
      completedPerSecondLast: last,
      storedAfter: counts,
      memoryAfter: memory,
      exitCode,
      ...(cpuProfiles ? { cpuProfiles } : {}),
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Signed wallet actions: the first leg (202), the client stamps payloadToSign,
// the signed retry (200). One wallet per connection, each signed in by OTP.

async function benchWalletSigned() {
  log(`[6/6] signed wallet actions (memory mode): PATCH /internal-accounts/{id} first leg + stamped retry, ${CONNECTIONS} wallets in parallel`);
  const client = await import('../dist/src/client/index.js');
  const server = await startBenchServer(['--memory']);
  const url = server.url;
  try {
    await httpJson(`${url}/config`, { method: 'PATCH', body: { embeddedWalletConfig: { appName: 'bench' } }, expect: 200 });
    const wallets = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const customer = await httpJson(`${url}/customers`, { method: 'POST', body: { customerType: 'INDIVIDUAL', fullName: `Wallet ${i}`, email: `w${i}@example.com` }, expect: 201 });
      const accountId = (await httpJson(`${url}/customers/internal-accounts?customerId=${customer.body.id}&type=EMBEDDED_WALLET`, { expect: 200 })).body.data[0].id;
      const credentialId = (await httpJson(`${url}/auth/credentials?accountId=${accountId}`, { expect: 200 })).body.data[0].id;
      const started = performance.now();
      const challenge = await httpJson(`${url}/auth/credentials/${credentialId}/challenge`, { method: 'POST', body: {}, expect: 200 });
      const key = client.generateSessionKey();
      const body = JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: await client.encryptOtpBundle({ otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle, sessionKey: key }) });
      const first = await http(`${url}/auth/credentials/${credentialId}/verify`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      const { payloadToSign, requestId } = json(first.body);
      const session = await http(`${url}/auth/credentials/${credentialId}/verify`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'service-wallet-signature': client.stampPayload(payloadToSign, key), 'request-id': requestId } });
      if (session.status !== 200) throw new Error(`OTP sign-in answered ${session.status}: ${session.body}`);
      wallets.push({ accountId, key, loginMs: performance.now() - started });
    }
    const firstLeg = [];
    const retry = [];
    let failures = 0;
    // Keep-alive connections, as a wallet app's HTTP client keeps them.
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const cpuBefore = cpuTimeMs(server.child.pid);
    const deadline = performance.now() + DURATION * 1000;
    await Promise.all(
      wallets.map(async ({ accountId, key }) => {
        const path = `${url}/internal-accounts/${accountId}`;
        const body = '{"privateEnabled":true}';
        while (performance.now() < deadline) {
          let t = performance.now();
          const leg = await http(path, { method: 'PATCH', body, agent, headers: { 'content-type': 'application/json' } });
          firstLeg.push(performance.now() - t);
          const { payloadToSign, requestId } = json(leg.body) ?? {};
          if (leg.status !== 202) {
            failures++;
            continue;
          }
          const stamp = client.stampPayload(payloadToSign, key);
          t = performance.now();
          const done = await http(path, { method: 'PATCH', body, agent, headers: { 'content-type': 'application/json', 'service-wallet-signature': stamp, 'request-id': requestId } });
          retry.push(performance.now() - t);
          if (done.status !== 200) failures++;
        }
      }),
    );
    const cpuAfter = cpuTimeMs(server.child.pid);
    agent.destroy();
    const result = {
      actionsPerSec: retry.length / DURATION,
      serverCpuMsPerAction: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / Math.max(1, retry.length) : undefined,
      firstLeg: latencySummary(firstLeg),
      retry: latencySummary(retry),
      otpLoginMsMedian: median(wallets.map((w) => w.loginMs)),
      failures,
    };
    log(`      ${fmt(result.actionsPerSec, 0)} signed actions/s (server CPU ${fmt(result.serverCpuMsPerAction, 2)} ms per action, both legs; the stamping runs in this process); first leg p99 ${fmt(result.firstLeg.p99Ms, 2)} ms, signed retry p99 ${fmt(result.retry.p99Ms, 2)} ms (p50 ${fmt(result.retry.p50Ms, 2)}); OTP sign-in median ${fmt(result.otpLoginMsMedian, 1)} ms; failures ${failures}`);
    return result;
  } finally {
    await stopChild(server.child, { message: { type: 'close' } });
  }
}

function verdict(ok) {
  return ok === undefined ? 'n/a ' : ok ? 'PASS' : 'FAIL';
}

function table(rows) {
  const headers = ['Measurement', 'Result', 'Target', ''];
  const cells = rows.map((r) => [r.name, r.result, r.target ?? '', r.target ? verdict(r.pass) : '']);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => String(c[i]).length)));
  const line = (c) => c.map((v, i) => String(v).padEnd(widths[i])).join('  ').trimEnd();
  log(line(headers));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) log(line(c));
}

async function main() {
  const t0 = performance.now();
  log(`paysandbox benchmark: node ${process.version}, ${CONNECTIONS} connections, ${DURATION} s per run (+${WARMUP} s warm-up before each)`);
  log();
  const results = { startedAt: new Date().toISOString(), node: process.version, durationS: DURATION, warmupS: WARMUP, connections: CONNECTIONS };
  const failures = [];
  const step = async (key, fn) => {
    try {
      results[key] = await fn();
    } catch (err) {
      failures.push(`${key}: ${err.message}`);
      results[key] = { error: String(err?.stack ?? err) };
      log(`      ERROR: ${err.message}`);
    }
  };

  await step('startup', benchStartup);
  results.list = {};
  for (const n of GET_SIZES) await step(`list_${n}`, () => benchList(n));
  for (const n of GET_SIZES) {
    results.list[n] = results[`list_${n}`];
    delete results[`list_${n}`];
  }
  await step('create', benchCreate);
  await step('idleMemory', benchIdleMemory);
  await step('quoteExecute', benchQuoteExecute);
  await step('walletSigned', benchWalletSigned);

  const s = results.startup;
  const l = results.list;
  const c = results.create;
  const idle = results.idleMemory;
  const qe = results.quoteExecute;
  const big = l[100_000];
  const rows = [];
  rows.push({ name: 'Start-up to first authenticated 200 (median of 5)', result: s?.medianFirstOkMs !== undefined ? `${fmt(s.medianFirstOkMs)} ms` : 'error', target: '< 400 ms', pass: s?.medianFirstOkMs !== undefined ? s.medianFirstOkMs < 400 : false });
  for (const n of GET_SIZES) {
    const r = l[n];
    const label = `GET ext-accounts?limit=20, ${n.toLocaleString('en-US')} stored`;
    if (!r || r.error) {
      rows.push({ name: `${label}: req/s`, result: 'error', target: n === 10_000 ? '>= 5,000 req/s' : undefined, pass: false });
      continue;
    }
    const clean = r.non2xx === 0 && r.errors === 0;
    if (n === 10_000) {
      rows.push({ name: `${label}: req/s`, result: `${fmt(r.reqPerSec, 0)} req/s`, target: '>= 5,000 req/s', pass: r.reqPerSec >= 5000 && clean });
      rows.push({ name: `${label}: p99`, result: `${fmt(r.latencyP99Ms, 2)} ms (p50 ${fmt(r.latencyP50Ms, 2)})`, target: '< 10 ms', pass: r.latencyP99Ms < 10 });
    } else {
      rows.push({ name: `${label}: req/s, p99`, result: `${fmt(r.reqPerSec, 0)} req/s, p99 ${fmt(r.latencyP99Ms, 2)} ms (p50 ${fmt(r.latencyP50Ms, 2)})` });
    }
    if (!clean) rows.push({ name: `${label}: non-2xx / errors`, result: `${r.non2xx} / ${r.errors}`, target: '0 / 0', pass: false });
  }
  if (l[1_000]?.latencyP99Ms !== undefined && l[100_000]?.latencyP99Ms !== undefined) {
    const a = l[1_000];
    const b = l[100_000];
    const flat = b.latencyP99Ms <= Math.max(a.latencyP99Ms * 1.5, a.latencyP99Ms + 2) && b.reqPerSec >= a.reqPerSec * 0.75;
    rows.push({ name: 'Latency flat from 1k to 100k stored', result: `p99 ${fmt(a.latencyP99Ms, 2)} -> ${fmt(b.latencyP99Ms, 2)} ms, ${fmt(a.reqPerSec, 0)} -> ${fmt(b.reqPerSec, 0)} req/s`, target: 'no growth', pass: flat });
  }
  if (c && !c.error) {
    rows.push({ name: 'POST /customers with JSON file: req/s', result: `${fmt(c.reqPerSec, 0)} req/s`, target: '>= 4,000 req/s', pass: c.reqPerSec >= 4000 });
    rows.push({ name: 'POST /customers: p99, non-2xx, errors', result: `p99 ${fmt(c.latencyP99Ms, 2)} ms (p50 ${fmt(c.latencyP50Ms, 2)}, max ${fmt(c.latencyMaxMs, 0)}), non-2xx ${c.non2xx}, errors ${c.errors}`, target: '0 non-2xx', pass: c.non2xx === 0 && c.errors === 0 });
    rows.push({ name: 'POST /customers: SIGTERM exit code', result: `${c.exitCode} (after ${fmt(c.shutdownMs, 0)} ms)`, target: '0', pass: c.exitCode === 0 });
    rows.push({
      name: 'POST /customers: data file complete',
      result: `${c.dataFileComplete ? 'yes' : 'no'}: ${c.customersInFile} in file, ${c.autocannon2xx} 2xx counted, ${c.apiCountBeforeStop} via API${c.exactMatch ? '' : ` (${c.uncountedInFlight >= 0 ? '+' : ''}${c.uncountedInFlight} vs 2xx)`}`,
      target: 'file = 201s',
      pass: c.dataFileComplete,
    });
  } else {
    rows.push({ name: 'POST /customers with JSON file', result: 'error', target: '>= 4,000 req/s', pass: false });
  }
  if (qe && !qe.error) {
    const clean = qe.non2xx === 0 && qe.errors === 0 && qe.timeouts === 0;
    rows.push({ name: 'POST /quotes + execute: pairs/s (memory mode)', result: `${fmt(qe.pairsPerSec, 0)} pairs/s (${fmt(qe.reqPerSec, 0)} req/s, server CPU ${fmt(qe.serverCpuMsPerPair, 2)} ms/pair)`, target: '>= 1,000 pairs/s', pass: qe.pairsPerSec >= 1000 && clean });
    rows.push({ name: 'Quote + execute: p99 by kind', result: `quote ${fmt(qe.quote.latencyP99Ms, 2)} ms (p50 ${fmt(qe.quote.latencyP50Ms, 2)}), execute ${fmt(qe.execute.latencyP99Ms, 2)} ms (p50 ${fmt(qe.execute.latencyP50Ms, 2)}); all ${fmt(qe.latencyP99Ms, 2)} ms` });
    rows.push({ name: 'Quote + execute: pairs/s in 1st and last second', result: `${qe.completedPerSecondFirst} -> ${qe.completedPerSecondLast} (${(qe.warmup?.execute.completed200 ?? 0) + 1} pairs before the run)` });
    rows.push({ name: 'Quote + execute: non-2xx, errors, timeouts', result: `non-2xx ${qe.non2xx}, errors ${qe.errors}, timeouts ${qe.timeouts}`, target: '0', pass: clean });
    rows.push({
      name: 'Quote + execute: COMPLETED txs = successful executes',
      result: `${qe.verification.equal ? 'yes' : 'no'}: ${qe.verification.completedOutgoingTransactions} via API, ${qe.verification.successfulExecutes} executes (${qe.verification.answered200Completed} 200s + ${qe.verification.inFlightAtStopCompleted} in flight at stop)`,
      target: 'equal',
      pass: qe.verification.equal,
    });
  } else {
    rows.push({ name: 'POST /quotes + execute: pairs/s', result: 'error', target: '>= 1,000 pairs/s', pass: false });
  }
  rows.push({ name: 'RSS idle (memory mode, after 1st request, gc)', result: idle?.rss ? `${fmt(mb(idle.rss))} MB` : 'error', target: '< 120 MB', pass: idle?.rss ? idle.rss < 120 * MB : false });
  if (s?.medianCliRssAfterFirstRequest) rows.push({ name: 'RSS idle, real CLI (VmRSS after 1st request, no gc)', result: `${fmt(mb(s.medianCliRssAfterFirstRequest))} MB`, target: '< 120 MB', pass: s.medianCliRssAfterFirstRequest < 120 * MB });
  if (big && !big.error) {
    const what = `${big.seeded.externalAccounts.toLocaleString('en-US')} ext. accounts + ${big.seeded.customers.toLocaleString('en-US')} customers + ${big.seeded.internalAccounts.toLocaleString('en-US')} int. accounts`;
    rows.push({ name: `RSS with ${what} (gc, before load)`, result: `${fmt(mb(big.memoryBeforeLoad.rss))} MB (heap ${fmt(mb(big.memoryBeforeLoad.heapUsed))} MB)`, target: '< 300 MB', pass: big.memoryBeforeLoad.rss < 300 * MB });
    rows.push({ name: 'RSS with the same, after the GET load (gc)', result: `${fmt(mb(big.memoryAfterLoad.rss))} MB`, target: '< 300 MB', pass: big.memoryAfterLoad.rss < 300 * MB });
  } else {
    rows.push({ name: 'RSS with 100,000 resources', result: 'error', target: '< 300 MB', pass: false });
  }
  const ws = results.walletSigned;
  if (ws && !ws.error) {
    rows.push({ name: 'Signed wallet action (202 + stamped retry): server CPU', result: `${fmt(ws.serverCpuMsPerAction, 2)} ms per action, failures ${ws.failures}`, target: '< 1 ms', pass: ws.serverCpuMsPerAction < 1 && ws.failures === 0 });
    rows.push({ name: 'Signed wallet actions/s (client stamps in the bench process)', result: `${fmt(ws.actionsPerSec, 0)} actions/s; retry p99 ${fmt(ws.retry.p99Ms, 2)} ms (p50 ${fmt(ws.retry.p50Ms, 2)}), first leg p99 ${fmt(ws.firstLeg.p99Ms, 2)} ms` });
    rows.push({ name: 'OTP sign-in (challenge, HPKE, verify, retry), median', result: `${fmt(ws.otpLoginMsMedian, 1)} ms` });
  } else {
    rows.push({ name: 'Signed wallet action: server CPU', result: 'error', target: '< 1 ms', pass: false });
  }

  results.summary = rows.map((r) => ({ measurement: r.name, result: r.result, target: r.target, verdict: r.target ? verdict(r.pass).trim() : undefined }));
  results.failures = failures;
  results.totalSeconds = (performance.now() - t0) / 1000;
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

  log();
  table(rows);
  log();
  if (c?.serverStderr?.length) log(`server stderr during POST run:\n  ${c.serverStderr.join('\n  ')}`);
  if (c?.sampleError) log(`sample failing POST: ${c.sampleError}`);
  for (const n of GET_SIZES) if (l[n]?.sampleError) log(`sample failing GET (${n}): ${l[n].sampleError}`);
  if (qe?.quote?.sampleError) log(`sample failing POST /quotes: ${qe.quote.sampleError}`);
  if (qe?.execute?.sampleError) log(`sample failing execute: ${qe.execute.sampleError}`);
  if (failures.length) log(`steps that failed:\n  ${failures.join('\n  ')}`);
  log(`results written to ${RESULTS_FILE} (${fmt(results.totalSeconds, 0)} s in all)`);
}

main()
  .catch((err) => {
    process.stderr.write(`bench: ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  })
  .finally(cleanup);
