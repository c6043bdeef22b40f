// paysandbox dashboard: plain DOM, no dependencies. Everything shown is set as
// text (never as HTML), so whatever a tenant stores is displayed, not run.
const main = document.getElementById('main');
const nav = document.getElementById('nav');
const toastBox = document.getElementById('toast');
let api = '/2025-10-13';
// The stablecoin field named for the sandbox's service (--service-name): serviceOperationsStatus, acmeOperationsStatus, ...
let operationsStatusField = 'serviceOperationsStatus';
let serviceName = 'Service';
let stopPage = () => {};

// ---- tenants (session storage) -------------------------------------------
const tenants = {
  all: () => JSON.parse(sessionStorage.getItem('paysandbox.tenants') || '[]'),
  current() {
    const id = sessionStorage.getItem('paysandbox.current');
    return this.all().find((t) => t.clientId === id);
  },
  save(clientId, secret) {
    const list = this.all().filter((t) => t.clientId !== clientId);
    list.push({ clientId, secret });
    sessionStorage.setItem('paysandbox.tenants', JSON.stringify(list));
    sessionStorage.setItem('paysandbox.current', clientId);
  },
  use: (clientId) => sessionStorage.setItem('paysandbox.current', clientId),
  forget() {
    const current = this.current();
    const rest = this.all().filter((t) => t.clientId !== current?.clientId);
    sessionStorage.setItem('paysandbox.tenants', JSON.stringify(rest));
    if (rest[0]) sessionStorage.setItem('paysandbox.current', rest[0].clientId);
    else sessionStorage.removeItem('paysandbox.current');
  },
};

// Every call says it is the dashboard's: the sandbox answers a 401 without a Basic challenge (no browser
// login prompt), and leaves the dashboard's own polling out of the request journal and the request log.
const SCRIPT_HEADERS = { accept: 'application/json', 'x-requested-with': 'paysandbox-dashboard' };

function authHeader(tenant = tenants.current()) {
  return { ...SCRIPT_HEADERS, ...(tenant ? { authorization: `Basic ${btoa(`${tenant.clientId}:${tenant.secret}`)}` } : {}) };
}

class ApiFailure extends Error {}

async function call(method, path, body, tenant) {
  const url = path.startsWith('/__admin') ? path : `${api}${path}`;
  const response = await fetch(url, {
    method,
    headers: { ...authHeader(tenant), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiFailure(`${response.status} ${data?.code ?? ''}: ${data?.reason ?? text}`, { cause: response.status });
  return data;
}
const get = (path) => call('GET', path);

// ---- DOM helpers ------------------------------------------------------------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== undefined && child !== null && child !== false) node.append(child instanceof Node ? child : String(child));
  return node;
}

const GOOD = /^(APPROVED|ACTIVE|COMPLETED|SUCCEEDED|SETTLED|AUTHORIZED|MATCHED|POSTED|CLAIMED|VERIFIED)$/;
const BAD = /^(REJECTED|FAILED|DECLINED|EXCEPTION|CLOSED|EXPIRED|REFUNDED|NOT_MATCHED|REVOKED|CANCELLED|TIMED_OUT|WEBHOOK_ERROR)$/;
const WAIT = /^(PENDING|PROCESSING|UNVERIFIED|FROZEN|CREATED|RESOLVE_ERRORS|PENDING_MANUAL_REVIEW|AWAITING_)/;
const tone = (text) => (GOOD.test(text) ? 'good' : BAD.test(text) ? 'bad' : WAIT.test(text) ? 'wait' : 'other');
function badge(value) {
  const text = String(value ?? '');
  return el('span', { class: `status ${tone(text)}` }, text);
}
function money(amount, currency) {
  if (amount === undefined || amount === null) return '';
  const code = currency?.code ?? currency ?? '';
  const decimals = currency?.decimals ?? 2;
  return `${(amount / 10 ** decimals).toFixed(decimals)} ${code}`;
}
function table(headers, rows, empty = 'Nothing yet.') {
  if (rows.length === 0) return el('p', { class: 'muted' }, empty);
  return el('div', { class: 'table-wrap' }, el('table', {}, el('thead', {}, el('tr', {}, headers.map((h) => el('th', { scope: 'col' }, h)))), el('tbody', {}, rows.map((cells) => el('tr', {}, cells.map((c) => el('td', {}, c)))))));
}
const json = (value) => el('pre', {}, JSON.stringify(value, null, 2));
const details = (summary, ...content) => el('details', {}, el('summary', {}, summary), ...content);
function toast(message) {
  toastBox.textContent = message;
  setTimeout(() => { if (toastBox.textContent === message) toastBox.textContent = ''; }, 4000);
}
function page(title, ...sections) {
  document.title = `${title} · paysandbox`;
  main.replaceChildren(el('h1', {}, title), ...sections.flat().filter((s) => s !== ''));
}
/** A section whose body reloads every `ms` (and at once); stops when the page changes. */
function liveSection(title, load, ms = 2000) {
  const body = el('div', {}, el('p', { class: 'muted' }, 'Loading…'));
  const section = el('section', { 'aria-label': title }, el('h2', {}, title), body);
  let timer;
  const refresh = async () => {
    // Never re-render under the keyboard: someone is reading or using this section.
    if (body.contains(document.activeElement) && body.innerHTML !== '') return;
    try {
      body.replaceChildren(await load());
    } catch (err) {
      body.replaceChildren(el('p', { class: 'error' }, err.message));
    }
  };
  refresh();
  timer = setInterval(refresh, ms);
  const previous = stopPage;
  stopPage = () => { clearInterval(timer); previous(); };
  section.refresh = refresh;
  return section;
}

// ---- pages ------------------------------------------------------------------
function signIn(message) {
  nav.hidden = true;
  document.getElementById('tenant').hidden = true;
  const clientId = el('input', { id: 'client-id', name: 'clientId', autocomplete: 'username', required: true });
  const secret = el('input', { id: 'client-secret', name: 'secret', type: 'password', autocomplete: 'current-password', required: true });
  const error = el('p', { class: 'error', role: 'alert' }, message ?? '');
  const form = el('form', { class: 'panel', onsubmit: async (event) => {
    event.preventDefault();
    try {
      await call('GET', '/__admin/health', undefined, { clientId: clientId.value, secret: secret.value });
      tenants.save(clientId.value, secret.value);
      location.hash = '#/customers';
      route();
    } catch (err) {
      error.textContent = err instanceof ApiFailure && err.cause === 401 ? `Sign-in failed: wrong credentials (${err.message.replace(/^401 UNAUTHORIZED: /, '')})` : `Sign-in failed: ${err.message}`;
    }
  } },
    el('h2', {}, 'Sign in with a client id and secret'),
    el('p', { class: 'muted' }, 'Each client id is its own tenant. A new one is created on first use; the secret is bound then.'),
    el('label', { for: 'client-id' }, 'Client id'), clientId,
    el('label', { for: 'client-secret' }, 'Client secret'), secret,
    el('div', { class: 'row' }, el('button', { type: 'submit' }, 'Sign in')),
    error);
  page('Sign in', form);
  clientId.focus();
}

/** A bulk import job, looked up by its id (jobs have no list in the API). */
function importJobSection() {
  const input = el('input', { id: 'import-job-id', name: 'jobId', placeholder: 'Job:…', size: 44 });
  const out = el('div', { 'aria-live': 'polite' });
  const show = async () => {
    if (!input.value.trim()) return;
    try {
      const job = await get(`/customers/bulk/jobs/${encodeURIComponent(input.value.trim())}`);
      const p = job.progress;
      out.replaceChildren(
        el('p', {}, badge(job.status), ` ${p.processed} of ${p.total} rows processed: ${p.successful} created, ${p.failed} failed`, job.completedAt ? ` (done ${job.completedAt})` : ''),
        table(['Row', 'Line', 'Customer', 'Code', 'Columns'], job.errors.map((e) => [String(e.details.row), String(e.details.line), e.correlationId, e.code, (e.details.errors ?? []).map((f) => `${f.field}: ${f.message ?? ''}`).join('; ')]), 'No row failed.'),
      );
    } catch (err) {
      out.replaceChildren(el('p', { class: 'error' }, err.message));
    }
  };
  const form = el('form', { class: 'panel', role: 'search', onsubmit: (e) => { e.preventDefault(); show(); } },
    el('div', { class: 'row' }, el('div', {}, el('label', { for: 'import-job-id' }, 'Bulk import job id'), input), el('button', { type: 'submit' }, 'Show job')));
  return el('section', { 'aria-label': 'Bulk import' }, el('h2', {}, 'Bulk import (POST /customers/bulk/csv)'), form, out);
}

/** Contact verification, End User Terms consent and, under SCA, the enrolled factors. */
async function authenticationSection(customer) {
  const rows = [];
  for (const [channel, status] of Object.entries(customer.contactVerification ?? {})) rows.push([`${channel} verification`, badge(status)]);
  if (!customer.contactVerification) rows.push(['contact verification', 'not required for this region']);
  const consent = customer.endUserTermsConsent;
  rows.push(['End User Terms', consent ? `${consent.termsVersion}, ${consent.acceptanceMethod} at ${consent.acceptedAt} from ${consent.ipAddress}` : 'no consent recorded']);
  let factors;
  // SCA applies by region: a customer without one never has factors (and asking would log a 409 in the console).
  if (customer.region !== undefined) {
    try {
      factors = (await get(`/sca/factors?customerId=${encodeURIComponent(customer.id)}`)).factors;
    } catch (err) {
      if (!(err instanceof ApiFailure && err.message.startsWith('409'))) throw err;
    }
  }
  rows.push(['Strong Customer Authentication', factors ? (factors.length ? factors.map((f) => f.name ? `${f.factor} (${f.name})` : f.factor).join(', ') : 'no factor yet') : 'not required for this region']);
  return el('section', {}, el('h2', {}, 'Authentication'), table(['What', 'State'], rows));
}

async function customersPage() {
  page('Customers', importJobSection(), liveSection('All customers', async () => {
    const { data } = await get('/customers?limit=100&isIncludingDeleted=true');
    return table(['Name', 'Type', 'Status', 'Created'], data.map((c) => [
      el('a', { href: `#/customers/${encodeURIComponent(c.id)}` }, c.fullName ?? c.businessInfo?.legalName ?? c.id),
      c.customerType,
      badge(c.kycStatus ?? c.kybStatus),
      c.createdAt,
    ]), 'No customers. Load a scenario or create one through the API.');
  }, 3000));
}

async function customerPage(id) {
  const customer = await get(`/customers/${encodeURIComponent(id)}`);
  const name = customer.fullName ?? customer.businessInfo?.legalName ?? customer.id;
  const q = encodeURIComponent(id);
  const profile = el('section', {}, el('h2', {}, 'Profile'), el('dl', {},
    ['id', 'customerType', 'platformCustomerId', 'email', 'umaAddress', 'kycStatus', 'kybStatus'].filter((k) => customer[k] !== undefined).flatMap((k) => [el('dt', {}, k), el('dd', {}, k.endsWith('Status') ? badge(customer[k]) : customer[k])])));
  page(name, profile, await authenticationSection(customer),
    liveSection('Verification', async () => {
      const { data } = await get(`/verifications?customerId=${q}&limit=1`);
      const latest = data[0];
      if (!latest) return el('p', { class: 'muted' }, 'No verification submitted.');
      return el('div', {}, el('p', {}, 'Latest: ', badge(latest.verificationStatus)), table(['Type', 'Field', 'Reason'], (latest.errors ?? []).map((e) => [e.type, e.field ?? '', e.reason])));
    }, 5000),
    liveSection('Internal accounts', async () => {
      const { data } = await get(`/customers/internal-accounts?customerId=${q}&limit=100`);
      const rows = [];
      for (const a of data) rows.push([el('a', { href: `#/accounts/${encodeURIComponent(a.id)}` }, a.id), a.type, badge(a.status), money(a.balance.amount, a.balance.currency), money(a.totalBalance.amount, a.totalBalance.currency)]);
      return table(['Account', 'Type', 'Status', 'Available', 'Total'], rows);
    }),
    liveSection('External accounts', async () => {
      const { data } = await get(`/customers/external-accounts?customerId=${q}&limit=100`);
      return table(['Account', 'Type', 'Status', 'Beneficiary check'], data.map((a) => [a.id, a.accountInfo?.accountType ?? '', badge(a.status), a.beneficiaryVerificationStatus ?? '']));
    }, 5000),
    liveSection('Documents', async () => {
      const { data } = await get(`/documents?documentHolder=${q}&limit=100`);
      return table(['Document', 'Type', 'Country', 'Uploaded'], data.map((d) => [d.id, d.documentType, d.country ?? '', d.createdAt]));
    }, 10000),
    customer.customerType === 'BUSINESS' ? liveSection('Beneficial owners', async () => {
      const { data } = await get(`/beneficial-owners?customerId=${q}&limit=100`);
      return table(['Owner', 'Name', 'KYC'], data.map((o) => [o.id, `${o.personalInfo?.firstName ?? ''} ${o.personalInfo?.lastName ?? ''}`, badge(o.kycStatus)]));
    }, 10000) : '',
    liveSection('Credentials and sessions', async () => {
      const { data } = await get(`/customers/internal-accounts?customerId=${q}&type=EMBEDDED_WALLET&limit=10`);
      if (data.length === 0) return el('p', { class: 'muted' }, 'No embedded wallet.');
      const parts = [];
      for (const wallet of data) {
        const credentials = await get(`/auth/credentials?accountId=${encodeURIComponent(wallet.id)}`);
        const sessions = await get(`/auth/sessions?accountId=${encodeURIComponent(wallet.id)}`);
        parts.push(el('h3', {}, wallet.id),
          table(['Credential', 'Type', 'Nickname'], credentials.data.map((m) => [m.id, m.type, m.nickname])),
          table(['Session', 'Type', 'Expires'], sessions.data.map((s) => [s.id, s.type, s.expiresAt]), 'No active session.'));
      }
      return el('div', {}, parts);
    }, 5000),
    liveSection('Cards', async () => {
      const { data } = await get(`/cards?customerId=${q}&limit=100`);
      return table(['Card', 'Brand', 'Last 4', 'Status', 'Funding'], data.map((c) => [el('a', { href: `#/cards/${encodeURIComponent(c.id)}` }, c.id), c.brand, c.last4, badge(c.status), c.fundingSource]));
    }, 5000));
}

function timeline(history) {
  return el('ol', { class: 'timeline', 'aria-label': 'Status history' }, history.map((h) => el('li', {}, badge(h.status), ' ', el('span', { class: 'muted' }, h.at))));
}

const transactionLink = (id) => el('a', { href: `#/transactions/${encodeURIComponent(id)}` }, id);

function transactionRow(t) {
  if (t.type === 'CARD') {
    return [transactionLink(t.id), `CARD ${t.direction}`, badge(t.status), money(t.settledAmount ?? t.authorizedAmount, t.currency),
      el('div', {}, t.merchant?.descriptor ?? '', t.settlementSummary ? el('div', { class: 'muted' }, `clearings: ${t.settlementSummary.count} (${money(t.settlementSummary.totalAmount, t.currency)})`) : '',
        t.refundSummary ? el('div', { class: 'muted' }, `refunds: ${t.refundSummary.count} (${money(t.refundSummary.totalAmount, t.currency)})`) : '',
        t.originalTransactionId ? el('div', { class: 'muted' }, `refund of ${t.originalTransactionId}`) : '')];
  }
  return [transactionLink(t.id), t.type, badge(t.status), money(t.sentAmount?.amount, t.sentAmount?.currency), el('div', {}, t.failureReason ? el('div', { class: 'error' }, t.failureReason) : '',
    t.approval ? el('div', { class: 'muted' }, 'approval: ', badge(t.approval.status), t.approval.decideBy && t.approval.status === 'AWAITING_DECISION' ? ` (decide by ${t.approval.decideBy})` : '') : '',
    t.cancellation ? el('div', { class: 'muted' }, `cancelled ${t.cancellation.cancelledAt}${t.cancellation.reason ? `: ${t.cancellation.reason}` : ''}`) : '',
    t.receiptDeliveryConfirmedAt ? el('div', { class: 'muted' }, `receipt delivered ${t.receiptDeliveryConfirmedAt}`) : '',
    timeline(t.statusHistory ?? []))];
}

// The history pages (a transaction's timeline, an account's balance over time) load only when first opened.
const historyUi = () => ({ el, get, page, badge, tone, table, liveSection });
const historyPages = () => import('./history.js');
async function accountPage(id) {
  return (await historyPages()).accountPage(historyUi(), id);
}

async function transactionsPage(id) {
  if (id) return (await historyPages()).transactionPage(historyUi(), id);
  page('Transactions',
    liveSection('Transactions', async () => {
      const { data } = await get('/transactions?limit=50');
      return table(['Transaction', 'Type', 'Status', 'Amount', 'History'], data.map(transactionRow));
    }),
    liveSection('Quotes', async () => {
      const { data } = await get('/quotes?limit=20');
      return table(['Quote', 'Status', 'Sending', 'Receiving', 'Expires'], data.map((q) => [q.id, badge(q.status), money(q.totalSendingAmount, q.sendingCurrency), money(q.totalReceivingAmount, q.receivingCurrency), q.expiresAt]));
    }, 4000));
}

async function cardsPage(id) {
  if (id) {
    const card = await get(`/cards/${encodeURIComponent(id)}`);
    page(`Card ${card.last4}`, el('section', {}, el('dl', {}, ['id', 'brand', 'status', 'fundingSource', 'currency', 'customerId'].flatMap((k) => [el('dt', {}, k), el('dd', {}, k === 'status' ? badge(card[k]) : card[k])]))),
      liveSection('Card transactions', async () => {
        const { data } = await get(`/cards/${encodeURIComponent(id)}/transactions?limit=100`);
        return table(['Transaction', 'Kind', 'Status', 'Amount', 'Details'], data.map(transactionRow));
      }),
      liveSection('Delegated keys', async () => {
        const { data } = await get(`/auth/delegated-keys?fundingSourceId=${encodeURIComponent(card.fundingSource)}`);
        return table(['Key', 'Nickname', 'Status', 'Public key', 'Updated'], data.filter((k) => k.cardId === card.id).map((k) => [k.id, k.nickname, badge(k.status), el('code', {}, k.publicKey), k.updatedAt]), 'No delegated key (only cards funded by an embedded wallet need one).');
      }, 5000));
    return;
  }
  page('Cards', liveSection('All cards', async () => {
    const { data } = await get('/cards?limit=100');
    return table(['Card', 'Brand', 'Last 4', 'Status', 'Customer'], data.map((c) => [el('a', { href: `#/cards/${encodeURIComponent(c.id)}` }, c.id), c.brand, c.last4, badge(c.status), c.customerId]));
  }, 3000));
}

/** Agents with their usage, and the actions awaiting the platform's approval, decided from here. */
async function agentsPage() {
  const decide = (action, verdict, section) => async () => {
    try {
      const path = `/agents/${encodeURIComponent(action.agentId)}/actions/${encodeURIComponent(action.id)}/${verdict}`;
      const result = await call('POST', path, verdict === 'reject' ? { reason: 'Rejected from the dashboard' } : undefined);
      toast(`${result.type} ${result.id}: ${result.status}`);
    } catch (err) { toast(err.message); }
    // The decided row goes away: let the section re-render (it never does under the keyboard).
    document.activeElement?.blur();
    section.refresh();
  };
  const approvals = liveSection('Awaiting approval', async () => {
    const { data } = await get('/agents/approvals?limit=100');
    return table(['Action', 'Agent', 'What', 'Amount', 'Submitted', ''], data.map((a) => {
      const amount = a.transferDetails ? money(a.transferDetails.amount, a.transferDetails.currency) : money(a.quote?.totalSendingAmount, a.quote?.sendingCurrency);
      const what = a.transferDetails ? `${a.type} ${a.transferDetails.sourceAccountId} → ${a.transferDetails.destinationAccountId}` : `${a.type} ${a.quote?.id ?? ''}`;
      return [a.id, a.agentId, what, amount, a.createdAt, el('div', { class: 'row' },
        el('button', { type: 'button', 'data-approve': a.id, 'aria-label': `Approve ${a.id}`, onclick: decide(a, 'approve', approvals) }, 'Approve'),
        el('button', { type: 'button', class: 'secondary', 'data-reject': a.id, 'aria-label': `Reject ${a.id}`, onclick: decide(a, 'reject', approvals) }, 'Reject'))];
    }), 'Nothing awaits approval.');
  });
  const agents = liveSection('Agents', async () => {
    const { data } = await get('/agents?limit=100');
    return table(['Agent', 'Customer', 'State', 'Mode', 'Today', 'This month'], data.map((a) => {
      const limits = a.policy.spendingLimits;
      return [
        el('div', {}, a.name, el('div', { class: 'muted' }, a.id)),
        a.customerId,
        el('div', {}, badge(a.isPaused ? 'PAUSED' : 'ACTIVE'), ' ', badge(a.isConnected ? 'CONNECTED' : 'NOT_CONNECTED')),
        a.policy.defaultExecutionMode,
        `${a.usage.dailyTransactionCount}${limits.dailyTransactionLimit !== undefined ? ` / ${limits.dailyTransactionLimit}` : ''} actions, ${money(a.usage.dailySpend, limits.currency)}${limits.dailyLimit != null ? ` of ${money(limits.dailyLimit, limits.currency)}` : ''}`,
        `${money(a.usage.monthlySpend, limits.currency)}${limits.monthlyLimit != null ? ` of ${money(limits.monthlyLimit, limits.currency)}` : ''}`,
      ];
    }), 'No agents. Create one with POST /agents, or load the agents scenario.');
  }, 3000);
  page('Agents', approvals, agents);
}

/** API tokens (never their secrets) and the invitations of this tenant's customers: read-only. */
async function accessPage() {
  page('Tokens & invitations',
    liveSection('API tokens', async () => {
      const { data } = await get('/tokens?limit=100');
      return table(['Token', 'Name', 'Permissions', 'Client id', 'Created'], data.map((t) => [t.id, t.name, t.permissions.join(', '), el('code', {}, t.clientId), t.createdAt]), 'No API tokens. Create one with POST /tokens.');
    }, 5000),
    liveSection('Invitations', async () => {
      const { data } = await get('/invitations?limit=100');
      return table(['Code', 'Inviter', 'Status', 'Invitee', 'Expires'], data.map((i) => [el('code', {}, i.code), i.inviterUma, badge(i.status), i.inviteeUma ?? '', i.expiresAt ?? 'never']), 'No invitations. Create one with POST /invitations.');
    }, 5000));
}

// ---- stablecoins (read-only) --------------------------------------------------
const STABLECOIN_GOOD = /^(ACTIVE|PROVISIONED|ENABLED|COMPLETED)$/;
const STABLECOIN_BAD = /^(INVALID|REVOKED|REJECTED|FAILED|DISABLED|EXPIRED)$/;
function stablecoinBadge(value) {
  const text = String(value ?? '');
  const kind = STABLECOIN_GOOD.test(text) ? 'good' : STABLECOIN_BAD.test(text) ? 'bad' : /^(PENDING|PROVISIONING|ENABLING|CREATED|PROCESSING)/.test(text) ? 'wait' : 'other';
  return el('span', { class: `status ${kind}` }, text);
}
/** A token amount (a digit string in the smallest unit) with its decimals, exactly: no floating point. */
function tokenAmount(units, decimals, symbol) {
  const digits = String(units ?? '0').replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  return `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)} ${symbol}`;
}
function operationSide(side) {
  if (!side) return '';
  return [side.type, side.externalAccountId ?? side.accountId ?? side.sourceTokenIdentifier, side.cryptoNetwork, side.rail].filter(Boolean).join(' ');
}

async function stablecoinsPage(id) {
  if (id) {
    const coin = await get(`/stablecoins/${encodeURIComponent(id)}`);
    page(`${coin.name} (${coin.symbol})`,
      el('section', {}, el('dl', {}, ['id', 'issuanceStatus', operationsStatusField, 'currency', 'network', 'networkTokenIdentifier', 'providerTokenIdentifier', 'decimals', 'stablecoinProviderAccountId']
        .filter((k) => coin[k] !== undefined).flatMap((k) => [el('dt', {}, k), el('dd', {}, k.endsWith('Status') ? stablecoinBadge(coin[k]) : String(coin[k]))]))),
      liveSection('Mints and burns', async () => {
        const { data } = await get(`/stablecoins/${encodeURIComponent(id)}/operations?limit=100`);
        return table(['Operation', 'Type', 'Status', 'Amount', 'Source', 'Destination', 'Notes'], data.map((o) => [
          o.id, o.operationType, stablecoinBadge(o.status), tokenAmount(o.amount, coin.decimals, coin.symbol), operationSide(o.source), operationSide(o.destination),
          el('div', {}, o.failureReason ? el('div', { class: 'error' }, o.failureReason) : '', o.status === 'PENDING_FUNDING' && o.expiresAt ? el('div', { class: 'muted' }, `awaiting funds until ${o.expiresAt}`) : ''),
        ]), 'No mints or burns yet.');
      }, 3000));
    return;
  }
  page('Stablecoins',
    liveSection('Stablecoins', async () => {
      const { data } = await get('/stablecoins?limit=100');
      return table(['Stablecoin', 'Symbol', 'Issuance', `${serviceName} operations`, 'Currency'], data.map((c) => [
        el('a', { href: `#/stablecoins/${encodeURIComponent(c.id)}` }, c.name), c.symbol, stablecoinBadge(c.issuanceStatus), stablecoinBadge(c[operationsStatusField]), c.currency ?? '',
      ]), 'No stablecoins registered.');
    }, 3000),
    liveSection('Provider account links', async () => {
      const { data } = await get('/stablecoin-provider-accounts?limit=100');
      return table(['Link', 'Provider', 'Provider account', 'Status', 'Last verified'], data.map((a) => [a.id, a.provider, a.providerAccountId, stablecoinBadge(a.status), a.lastVerifiedAt ?? '']), 'No provider accounts linked.');
    }, 5000));
}

/** Reads the tenant's live event stream (fetch, so the credentials go along) until the page changes. */
function followEvents(onEvent) {
  const controller = new AbortController();
  (async () => {
    const response = await fetch('/__admin/events', { headers: { ...authHeader(), accept: 'text/event-stream' }, signal: controller.signal });
    if (!response.ok) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop();
      for (const block of blocks) {
        const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
        if (data) onEvent(JSON.parse(data));
      }
    }
  })().catch(() => {});
  const previous = stopPage;
  stopPage = () => { controller.abort(); previous(); };
}

/** Every event type the sandbox sends, by family (INTERNAL_ACCOUNT, CARD, ...), each with a button that makes it happen through the real flows. */
async function familiesSection(typeFilter) {
  const { data } = await get('/__admin/events/trigger');
  const families = new Map();
  for (const t of data) {
    const family = t.type.split('.')[0];
    if (!families.has(family)) families.set(family, []);
    families.get(family).push(t);
    typeFilter.append(el('option', { value: t.type }, t.type));
  }
  return el('section', { 'aria-label': 'Event types' }, el('h2', {}, 'Event types'),
    el('p', { class: 'muted' }, 'Trigger runs the flow that causes the event (creating what it needs) in this tenant.'),
    [...families].map(([family, types]) => details(`${family} (${types.length})`, table(['Type', 'Caused by', ''], types.map((t) => [t.type, t.description,
      el('button', { type: 'button', class: 'secondary', 'data-trigger': t.type, onclick: async () => {
        try {
          const result = await call('POST', '/__admin/events/trigger', { type: t.type });
          toast(`${t.type}: ${result.events.length} event(s)`);
        } catch (err) { toast(err.message); }
      } }, 'Trigger')])))));
}

async function webhooksPage() {
  const stream = el('ol', { 'aria-label': 'Live events' });
  const streamSection = el('section', {}, el('h2', {}, 'Live events'), el('p', { class: 'muted' }, 'New events of this tenant appear here as they happen.'), stream);
  const deliveries = liveSection('Deliveries', async () => {
    const [{ data }, events] = await Promise.all([get('/__admin/webhooks?limit=50'), get('/__admin/events?limit=100')]);
    const byId = new Map(events.data.map((e) => [e.id, e]));
    return table(['Event', 'Status', 'Attempts', 'Next retry', ''], data.map((d) => [
      el('div', {}, d.eventType, byId.has(d.eventId) ? details('Request body', json(byId.get(d.eventId))) : ''),
      badge(d.status),
      el('ul', {}, d.attempts.map((a) => el('li', {}, `${a.at}: ${a.status ?? a.error} (${a.durationMs} ms)`))),
      d.nextAttemptAt ?? '',
      el('button', { type: 'button', class: 'secondary', 'data-replay': d.id, onclick: async () => {
        try {
          const result = await call('POST', `/__admin/webhooks/${encodeURIComponent(d.id)}/replay`);
          toast(`Replayed ${d.eventType}: ${result.status}`);
        } catch (err) { toast(err.message); }
        deliveries.refresh();
      } }, 'Replay'),
    ]), 'No deliveries. Set webhookEndpoint with PATCH /config to have events delivered.');
  });
  const typeFilter = el('select', { id: 'event-type', 'aria-label': 'Event type', onchange: () => events.refresh() }, el('option', { value: '' }, 'Every type'));
  const events = liveSection('Events', async () => {
    const { data } = await get(`/__admin/events?limit=50${typeFilter.value ? `&type=${encodeURIComponent(typeFilter.value)}` : ''}`);
    return table(['Event', 'Type', 'At', 'Data'], data.map((e) => [e.id, e.type, e.timestamp, details('data', json(e.data))]));
  }, 5000);
  events.querySelector('h2').after(typeFilter);
  page('Webhooks', streamSection, deliveries, events, await familiesSection(typeFilter));
  followEvents((event) => stream.prepend(el('li', {}, el('strong', {}, event.type), ' ', el('span', { class: 'muted' }, event.timestamp), details('data', json(event.data)))));
}

async function requestsPage() {
  const path = el('input', { id: 'filter-path', placeholder: '/customers' });
  const method = el('select', { id: 'filter-method' }, ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => el('option', { value: m }, m || 'any')));
  const status = el('input', { id: 'filter-status', inputmode: 'numeric', placeholder: '404', size: 5 });
  const list = liveSection('Requests', async () => {
    const query = new URLSearchParams({ limit: '100' });
    if (path.value) query.set('path', path.value);
    if (method.value) query.set('method', method.value);
    if (/^\d{3}$/.test(status.value)) query.set('status', status.value);
    const { data } = await get(`/__admin/requests?${query}`);
    return table(['At', 'Request', 'Status', 'ms', 'Bodies'], data.map((r) => [r.at, `${r.method} ${r.path}${r.query ?? ''}`, badge(String(r.status)), r.durationMs,
      el('div', {}, r.requestBody !== undefined ? details('request', json(r.requestBody)) : '', r.responseBody !== undefined ? details('response', json(r.responseBody)) : '')]));
  });
  const filters = el('form', { class: 'panel', role: 'search', onsubmit: (e) => { e.preventDefault(); list.refresh(); } },
    el('div', { class: 'row' },
      el('div', {}, el('label', { for: 'filter-path' }, 'Path contains'), path),
      el('div', {}, el('label', { for: 'filter-method' }, 'Method'), method),
      el('div', {}, el('label', { for: 'filter-status' }, 'Status'), status),
      el('button', { type: 'submit' }, 'Filter')));
  page('Requests', filters, list);
}

const STEPS = [['30 s', 30], ['6 min', 360], ['1 h', 3600], ['1 day', 86400]];
async function clockPage() {
  const ran = el('div', { 'aria-live': 'polite' });
  const clock = liveSection('Now', async () => {
    const state = await get('/__admin/clock');
    return el('div', {}, el('p', { class: 'now' }, el('strong', { id: 'clock-now' }, state.now), ` (${state.offsetSeconds} s ahead of real time)`),
      el('h3', {}, 'Pending due jobs'), table(['Job', 'Kind', 'Due'], state.pendingJobs.map((j) => [j.id, j.kind, j.dueAt]), 'None.'));
  });
  const buttons = el('section', {}, el('h2', {}, 'Advance'), el('div', { class: 'row' }, STEPS.map(([label, seconds]) => el('button', { type: 'button', onclick: async () => {
    const result = await call('POST', '/__admin/clock/advance', { seconds });
    ran.replaceChildren(el('p', {}, `Advanced ${label} to ${result.now}.`), table(['Ran', 'Kind', 'Due'], result.ran.map((j) => [j.id, j.kind, j.dueAt]), 'Nothing fell due.'));
    clock.refresh();
  } }, `+ ${label}`))), ran);
  page('Clock', clock, buttons, await addressesSection());
}

/** Where the sandbox listens: a phone on the same network opens a Network address (paysandbox --host 0.0.0.0). */
async function addressesSection() {
  const { addresses } = await get('/__admin/health');
  return el('section', { 'aria-label': 'Addresses' }, el('h2', {}, 'Addresses'),
    table(['Reach it at', 'From'], addresses.map((a) => [el('code', {}, a.origin), a.kind === 'local' ? 'this machine' : 'other devices on your network']), 'Not listening (running in process).'),
    addresses.some((a) => a.kind === 'network') ? false : el('p', { class: 'muted' }, 'Only this machine can reach it. For a phone on your network, start it with --host 0.0.0.0 (see docs/mobile-apps.md).'));
}

async function scenariosPage() {
  const { data } = await get('/__admin/scenarios');
  const list = table(['Scenario', 'What it holds', ''], data.map((s) => [s.name, s.description, el('button', { type: 'button', 'data-scenario': s.name, onclick: async () => {
    if (!confirm(`Replace everything in this tenant with "${s.name}"?`)) return;
    await call('POST', `/__admin/scenarios/${encodeURIComponent(s.name)}`);
    toast(`Loaded ${s.name}`);
  } }, `Load ${s.name}`)]));
  const file = el('input', { id: 'snapshot-file', type: 'file', accept: 'application/json' });
  const state = el('section', {}, el('h2', {}, 'State'), el('div', { class: 'row' },
    el('button', { type: 'button', class: 'secondary', onclick: async () => {
      if (!confirm('Delete everything in this tenant?')) return;
      await call('POST', '/__admin/reset');
      toast('Tenant reset');
    } }, 'Reset tenant'),
    el('button', { type: 'button', class: 'secondary', onclick: async () => {
      const snapshot = await get('/__admin/snapshot');
      const link = el('a', { href: URL.createObjectURL(new Blob([JSON.stringify(snapshot, null, 2)], { type: 'application/json' })), download: `paysandbox-${tenants.current().clientId}.json` });
      link.click();
      URL.revokeObjectURL(link.href);
    } }, 'Download snapshot')),
    el('label', { for: 'snapshot-file' }, 'Restore a snapshot'), file,
    el('button', { type: 'button', onclick: async () => {
      if (!file.files[0]) return toast('Choose a snapshot file first');
      try {
        await call('PUT', '/__admin/snapshot', await file.files[0].text());
        toast('Snapshot restored');
      } catch (err) { toast(err.message); }
    } }, 'Restore'));
  page('Scenarios', el('section', {}, el('h2', {}, 'Presets'), list), fixturesSection(), state);
}

/** Load a fixture (a JSON file of API steps, run through the API) into the tenant; download the session as one. */
function fixturesSection() {
  const file = el('input', { id: 'fixture-file', type: 'file', accept: 'application/json,.json' });
  const result = el('div');
  return el('section', {}, el('h2', {}, 'Fixtures'),
    el('p', { class: 'muted' }, 'A fixture is a list of API steps (docs/fixtures.md), added to what the tenant holds; YAML files load with paysandbox fixtures FILE.'),
    el('label', { for: 'fixture-file' }, 'A fixture file (JSON)'), file,
    el('div', { class: 'row' },
      el('button', { type: 'button', onclick: async () => {
        if (!file.files[0]) return toast('Choose a fixture file first');
        try {
          const loaded = await call('POST', '/__admin/fixtures', await file.files[0].text());
          result.replaceChildren(table(['Step', 'Request', 'Status', 'Ids made'], loaded.steps.map((s) => [s.name ?? '', s.request, String(s.status), s.ids.join(' ')])));
          toast(`Loaded the fixture: ${loaded.steps.length} steps`);
        } catch (err) { toast(err.message); }
      } }, 'Load fixture'),
      el('button', { type: 'button', class: 'secondary', onclick: async () => {
        try {
          const fixture = await get('/__admin/fixtures/export');
          const link = el('a', { href: URL.createObjectURL(new Blob([JSON.stringify(fixture, null, 2)], { type: 'application/json' })), download: `paysandbox-${tenants.current().clientId}-fixture.json` });
          link.click();
          URL.revokeObjectURL(link.href);
        } catch (err) { toast(err.message); }
      } }, 'Download session as a fixture')),
    result);
}

async function magicValuesPage() {
  const { tables } = await get('/__admin/rules');
  page('Magic values', el('p', { class: 'muted' }, 'Generated from the sandbox rule tables: these are exactly the values the sandbox acts on.'),
    tables.map((t) => el('section', {}, el('h2', {}, t.title), el('p', { class: 'muted' }, `Decided by ${t.subject} (${t.match}).`),
      table(['Value', 'Outcome'], t.rows.map((r) => [el('code', {}, r.key ?? 'any other'), r.description])))));
}

/** Items of a list grouped by `key`, in order of first appearance. */
function groupBy(items, key) {
  const groups = new Map();
  for (const item of items) {
    const k = key(item);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(item);
  }
  return groups;
}

const percent = (exercised, total) => `${exercised}/${total} (${total === 0 ? 100 : Math.round((exercised / total) * 1000) / 10}%)`;
const countsText = (record) => Object.entries(record).map(([k, n]) => `${k} ×${n}`).join(', ');

/** A tile shaded by use: none (never), some, full. */
function tile(label, title, shade) {
  return el('li', { class: `tile ${shade}`, 'data-state': shade === 'none' ? 'unexercised' : 'exercised', title, 'aria-label': `${label}: ${title}` }, label);
}
const tileMap = (groups) => [...groups].map(([name, tiles]) => el('div', { class: 'tile-group' }, el('h3', {}, name), el('ul', { class: 'tiles', 'aria-label': name }, tiles)));

async function coveragePage() {
  const report = await get('/__admin/coverage');
  const { operations, outcomes, webhooks } = report;
  const opShade = (i) => {
    const codes = Object.keys(i.statuses).map(Number);
    const ok = codes.some((c) => c < 400);
    const failed = codes.some((c) => c >= 400);
    return ok && failed ? 'full' : ok || failed ? 'some' : 'none';
  };
  const summary = el('section', { 'aria-label': 'Summary' },
    el('p', {}, `What this tenant's requests have exercised since ${report.since}. Reset, snapshots and scenarios keep it; only Clear starts it over.`),
    el('dl', {},
      el('dt', {}, 'Operations'), el('dd', { 'data-area': 'operations' }, percent(operations.exercised, operations.total)),
      el('dt', {}, 'Outcomes'), el('dd', { 'data-area': 'outcomes' }, percent(outcomes.exercised, outcomes.total)),
      el('dt', {}, 'Webhooks'), el('dd', { 'data-area': 'webhooks' }, `${percent(webhooks.emitted, webhooks.total)} emitted, ${webhooks.acknowledged} acknowledged`)),
    el('p', { class: 'muted' }, 'Shading: white never exercised; light an operation answered only with successes or only with errors, an event emitted but never acknowledged; dark an operation answered both ways, a rule row that decided an outcome, an event your endpoint acknowledged.'),
    el('button', { type: 'button', class: 'secondary', onclick: async () => {
      if (!confirm('Clear the coverage of this tenant?')) return;
      await call('DELETE', '/__admin/coverage');
      toast('Coverage cleared');
      route();
    } }, 'Clear coverage'));
  const opMap = el('section', { 'aria-label': 'Operations map' }, el('h2', {}, `Operations ${percent(operations.exercised, operations.total)}`),
    tileMap(new Map([...groupBy(operations.items, (i) => i.area)].map(([area, items]) => [area, items.map((i) => tile(`${i.method} ${i.path}`, i.calls ? `${i.calls} calls: ${countsText(i.statuses)}${Object.keys(i.errorCodes).length ? `; ${countsText(i.errorCodes)}` : ''}` : 'never called', opShade(i)))]))));
  const rowMap = el('section', { 'aria-label': 'Outcomes map' }, el('h2', {}, `Outcomes ${percent(outcomes.exercised, outcomes.total)}`),
    tileMap(new Map([...groupBy(outcomes.items, (i) => i.title)].map(([title, items]) => [title, items.map((i) => tile(i.key ?? 'any other', `${i.magic}: ${i.description} (${i.hits} hits)`, i.hits > 0 ? 'full' : 'none'))]))));
  const eventMap = el('section', { 'aria-label': 'Webhooks map' }, el('h2', {}, `Webhooks ${percent(webhooks.emitted, webhooks.total)}`),
    tileMap(new Map([...groupBy(webhooks.items, (i) => i.area)].map(([area, items]) => [area, items.map((i) => tile(i.type, `emitted ${i.emitted}, delivered ${i.delivered}, acknowledged ${i.acknowledged}`, i.acknowledged > 0 ? 'full' : i.emitted > 0 ? 'some' : 'none'))]))));
  const missing = outcomes.items.filter((i) => i.hits === 0);
  const missingSection = el('section', { 'aria-label': 'Outcomes never exercised' }, el('h2', {}, `Outcomes never exercised (${missing.length})`),
    table(['Table', 'Magic value', 'Outcome'], missing.map((i) => [i.title, el('code', {}, i.magic), i.description]), 'Every outcome has been exercised.'));
  const silent = webhooks.items.filter((i) => i.emitted === 0);
  const silentSection = el('section', { 'aria-label': 'Event types never emitted' }, el('h2', {}, `Event types never emitted (${silent.length})`),
    table(['Event type', ''], silent.map((i) => [i.type, i.trigger
      ? el('button', { type: 'button', class: 'secondary', 'data-trigger': i.type, onclick: async () => {
        try {
          await call('POST', '/__admin/events/trigger', { type: i.type });
          toast(`Triggered ${i.type}`);
          route();
        } catch (err) { toast(err.message); }
      } }, `Trigger ${i.type}`)
      : el('span', { class: 'muted' }, 'no trigger: happens only across tenants')]), 'Every event type has been emitted.'));
  page('Coverage', summary, opMap, rowMap, eventMap, missingSection, silentSection);
}

// ---- routing ----------------------------------------------------------------
const ROUTES = { customers: customersPage, transactions: transactionsPage, cards: cardsPage, agents: agentsPage, access: accessPage, stablecoins: stablecoinsPage, webhooks: webhooksPage, requests: requestsPage, clock: clockPage, scenarios: scenariosPage, 'magic-values': magicValuesPage, coverage: coveragePage, accounts: accountPage };

function renderTenantSwitcher() {
  const select = document.getElementById('tenant-select');
  const current = tenants.current();
  select.replaceChildren(...tenants.all().map((t) => el('option', { value: t.clientId, selected: t.clientId === current?.clientId }, t.clientId)));
}

async function route() {
  stopPage();
  stopPage = () => {};
  if (!tenants.current()) return signIn();
  nav.hidden = false;
  document.getElementById('tenant').hidden = false;
  renderTenantSwitcher();
  const [, name = 'customers', id] = location.hash.replace(/^#/, '').split('/');
  for (const link of nav.querySelectorAll('a')) {
    if (link.getAttribute('href') === `#/${name}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const show = name === 'customers' && id ? () => customerPage(decodeURIComponent(id)) : () => (ROUTES[name] ?? customersPage)(id ? decodeURIComponent(id) : undefined);
  try {
    await show();
  } catch (err) {
    if (err instanceof ApiFailure && err.message.startsWith('401')) return signIn('Those credentials are no longer accepted.');
    page('Something went wrong', el('p', { class: 'error' }, err.message));
  }
  main.focus({ preventScroll: true });
}

document.getElementById('tenant-select').addEventListener('change', (e) => { tenants.use(e.target.value); route(); });
document.getElementById('add-tenant').addEventListener('click', () => { stopPage(); signIn(); });
document.getElementById('sign-out').addEventListener('click', () => { tenants.forget(); route(); });
window.addEventListener('hashchange', route);
fetch('/').then((r) => r.json()).then((info) => { api = info.api ?? api; operationsStatusField = info.service?.operationsStatusField ?? operationsStatusField; serviceName = info.service?.name ?? serviceName; }).catch(() => {}).finally(route);
