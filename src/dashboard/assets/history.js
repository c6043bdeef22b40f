// The dashboard's history pages, loaded when first opened: a transaction with its timeline, an internal account
// with its balance over sandbox time and its postings. `ui` is app.js's toolkit (el, get, page, badge, tone, table,
// liveSection).
import { balanceChart, clockTime, formatMinor, timelineChart } from './svg-charts.js';

// Their styles come with them, before anything is drawn.
await new Promise((resolve, reject) => {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/__admin/ui/history.css', onload: resolve, onerror: reject });
  document.head.append(link);
});

const enc = encodeURIComponent;
/** The width a section of the main column gives its content (less the column's padding and the section's padding and border), up to 1100. */
function columnWidth() {
  const main = document.getElementById('main');
  const style = getComputedStyle(main);
  return Math.min(1100, Math.floor(main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 34));
}
/** The balance chart is at least 560 wide (a phone scrolls it sideways in its box); the timeline is drawn compact to fit. */
const chartWidth = () => Math.max(560, columnWidth());
const amount = (value, currency) => `${formatMinor(value, currency.decimals)} ${currency.code}`;
const amountCell = (ui, text, cls) => ui.el('span', { class: `amount${cls ? ` ${cls}` : ''}` }, text);

function accountLink(ui, accountId) {
  return accountId?.startsWith('InternalAccount:') ? ui.el('a', { href: `#/accounts/${enc(accountId)}` }, accountId) : accountId ?? '';
}
function transactionLink(ui, id) {
  return id?.startsWith('Transaction:') ? ui.el('a', { href: `#/transactions/${enc(id)}` }, id) : id ?? '';
}
const facts = (ui, pairs) => ui.el('dl', {}, pairs.filter(([, v]) => v !== undefined && v !== '').flatMap(([k, v]) => [ui.el('dt', {}, k), ui.el('dd', {}, v)]));

function side(ui, s) {
  if (!s) return '';
  return s.accountId ? accountLink(ui, s.accountId) : s.umaAddress ?? s.sourceType ?? '';
}

function transactionFacts(ui, t) {
  const card = t.type === 'CARD';
  return facts(ui, [
    ['id', t.id],
    ['type', card ? `CARD ${t.direction}` : `${t.type} ${t.direction}`],
    ['status', ui.badge(t.status)],
    ['amount', card ? amount(t.settledAmount ?? t.authorizedAmount, t.currency) : amount(t.sentAmount.amount, t.sentAmount.currency)],
    ...(card
      ? [['account', accountLink(ui, t.accountId)], ['merchant', t.merchant?.descriptor]]
      : [['from', side(ui, t.source)], ['to', side(ui, t.destination)], ['received', amount(t.receivedAmount.amount, t.receivedAmount.currency)]]),
    ['failure', t.failureReason ? ui.el('span', { class: 'error' }, `${t.failureReason}${t.failureMessage ? `: ${t.failureMessage}` : ''}`) : undefined],
    ['created', t.createdAt],
  ]);
}

export async function transactionPage(ui, id) {
  const t = await ui.get(`/transactions/${enc(id)}`);
  const summary = ui.liveSection('Summary', async () => transactionFacts(ui, await ui.get(`/transactions/${enc(id)}`)), 3000);
  const timeline = ui.liveSection('Timeline', async () => {
    const data = await ui.get(`/__admin/transactions/${enc(id)}/timeline`);
    return ui.el('div', {},
      ui.el('p', { class: 'muted' }, `On the sandbox clock (now ${clockTime(data.now)}, ${data.now.slice(0, 10)}): each status, each webhook about this transaction, each attempt to deliver it with the answer, and a dashed arrow from a failed attempt to its retry.`),
      ui.el('div', { class: 'chart-wrap' }, timelineChart(data, columnWidth(), ui.tone)));
  }, 3000);
  ui.page(t.type === 'CARD' ? 'Card transaction' : t.type === 'OUTGOING' ? 'Outgoing payment' : 'Incoming payment', summary, timeline);
}

export async function accountPage(ui, id) {
  const first = await ui.get(`/__admin/internal-accounts/${enc(id)}/ledger`);
  const a = first.account;
  const summary = ui.el('section', { 'aria-label': 'Summary' }, facts(ui, [
    ['id', a.id],
    ['type', a.type],
    ['status', ui.badge(a.status)],
    ['owner', a.customerId ? ui.el('a', { href: `#/customers/${enc(a.customerId)}` }, a.customerId) : 'the platform'],
    ['currency', `${first.currency.code} (${first.currency.name}, ${first.currency.decimals} decimals)`],
  ]));
  const history = ui.liveSection('Balance over sandbox time', async () => {
    const { account, currency, postings, now } = await ui.get(`/__admin/internal-accounts/${enc(id)}/ledger`);
    return ui.el('div', {},
      ui.el('p', {}, 'Available ', ui.el('strong', { 'data-balance': 'available' }, amount(account.balance.amount, currency)), ', total ', ui.el('strong', { 'data-balance': 'total' }, amount(account.totalBalance.amount, currency)), ui.el('span', { class: 'muted' }, ` at ${clockTime(now)} on ${now.slice(0, 10)}`)),
      postings.length ? ui.el('div', { class: 'chart-wrap' }, balanceChart({ account, currency, postings }, now, chartWidth())) : '',
      ui.el('h3', {}, 'Postings'),
      ui.table(['At', 'Change', 'Amount', 'Kind', 'Available after', 'Total after', 'Transaction'], postings.map((p) => [
        amountCell(ui, `${p.at.slice(0, 10)} ${clockTime(p.at)}`),
        p.change,
        // A voided entry's amount never counted: struck through.
        amountCell(ui, `${p.direction === 'DEBIT' ? '−' : '+'}${amount(p.amount, currency)}`, `${p.direction === 'DEBIT' ? 'debit' : 'credit'}${p.change === 'VOIDED' ? ' voided' : ''}`),
        p.kind,
        amountCell(ui, amount(p.balanceAfter, currency)),
        amountCell(ui, amount(p.totalBalanceAfter, currency)),
        transactionLink(ui, p.reference),
      ]), 'No postings yet: fund the account (POST /sandbox/internal-accounts/{id}/fund) or move money through it.'));
  }, 3000);
  ui.page(`${a.type} account in ${first.currency.code}`, summary, history);
}
