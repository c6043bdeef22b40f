// Hand-drawn SVG for the dashboard's history pages: a transaction's timeline and an account's balance as a step
// chart. Text goes in as text nodes only, so stored values are displayed, never run.
const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== undefined && value !== false) node.setAttribute(key, String(value));
  for (const child of children.flat()) if (child !== undefined && child !== null && child !== false) node.append(child instanceof Node ? child : String(child));
  return node;
}
const text = (x, y, content, attrs = {}) => svg('text', { x, y, ...attrs }, content);
const title = (content) => svg('title', {}, content);

/** An amount in integer minor units, exactly (no floating point): 123456 with 2 decimals is 1,234.56. */
export function formatMinor(amount, decimals, { compact = false } = {}) {
  const digits = String(Math.abs(amount)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',');
  let fraction = digits.slice(digits.length - decimals);
  if (compact) fraction = fraction.replace(/0+$/, '');
  return `${amount < 0 ? '−' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const ms = (iso) => Date.parse(iso);
/** The sandbox clock's time of day (UTC, as the API gives it), with milliseconds only when there are some. */
export function clockTime(iso) {
  const time = iso.slice(11, 23);
  return time.endsWith('.000') ? time.slice(0, 8) : time;
}
function duration(deltaMs) {
  const s = deltaMs / 1000;
  if (s < 60) return `+${Math.round(s * 1000) / 1000} s`;
  if (s < 3600) return `+${Math.round((s / 60) * 10) / 10} min`;
  if (s < 86400) return `+${Math.round((s / 3600) * 10) / 10} h`;
  return `+${Math.round((s / 86400) * 10) / 10} d`;
}

// ---- transaction timeline ----------------------------------------------------
const LANES = [['STATUS', 'Status'], ['WEBHOOK', 'Webhook'], ['DELIVERY', 'Delivery']];
const ROW = 30;
const LANE_X = { STATUS: 190, WEBHOOK: 275, DELIVERY: 360 };
const TEXT_X = 404;

function laneOf(step) {
  return step.kind === 'STATUS' ? 'STATUS' : step.kind === 'WEBHOOK' ? 'WEBHOOK' : 'DELIVERY';
}

/** What a row says, in words: its accessible name and its text. */
function describeStep(step) {
  if (step.kind === 'STATUS') return `status ${step.status}`;
  if (step.kind === 'WEBHOOK') return `webhook ${step.eventType}`;
  if (step.kind === 'RETRY_DUE') return `retry ${step.attempt - 1} of ${step.eventType} due, after now`;
  const answer = step.responseStatus !== undefined ? `answered ${step.responseStatus}` : `no answer: ${step.error}`;
  const retry = step.retryAt ? `, retry due ${clockTime(step.retryAt)}` : '';
  return `${step.attempt === 1 ? 'delivery' : `retry ${step.attempt - 1}`} of ${step.eventType} ${answer}${retry}`;
}

/**
 * The steps of GET /__admin/transactions/{id}/timeline as rows down the page, one lane per kind (status, webhook,
 * delivery); each attempt tied to the webhook it delivers, each failure to the retry that followed, and a retry
 * still due after `now` drawn hollow below the line marking now. `tones` colours statuses like the badges.
 */
export function timelineChart({ steps, now }, width, tones) {
  const rows = [...steps];
  // A retry still due: the failed attempt's retryAt, when no later attempt of that delivery happened yet.
  for (const step of steps) {
    if (step.kind !== 'DELIVERY_ATTEMPT' || !step.retryAt) continue;
    const followed = steps.some((s) => s.kind === 'DELIVERY_ATTEMPT' && s.deliveryId === step.deliveryId && s.attempt === step.attempt + 1);
    if (!followed) rows.push({ kind: 'RETRY_DUE', at: step.retryAt, eventId: step.eventId, eventType: step.eventType, deliveryId: step.deliveryId, attempt: step.attempt + 1 });
  }
  rows.sort((a, b) => ms(a.at) - ms(b.at));
  const nowMs = ms(now);
  const top = 34;
  const ys = [];
  let y = top;
  let nowY;
  rows.forEach((row, i) => {
    const gap = i > 0 && ms(row.at) > ms(rows[i - 1].at);
    if (nowY === undefined && ms(row.at) > nowMs) {
      nowY = y + (i > 0 ? 6 : 0);
      y += 14;
    }
    y += i === 0 ? 0 : ROW + (gap ? 10 : 0);
    ys.push(y);
  });
  const height = y + 24;
  const g = svg('g');
  // Lane rails and headers.
  for (const [lane, label] of LANES) {
    g.append(svg('line', { x1: LANE_X[lane], x2: LANE_X[lane], y1: top - 8, y2: height - 10, class: 'rail' }), text(LANE_X[lane], 14, label, { class: 'lane-label', 'text-anchor': 'middle' }));
  }
  g.append(text(8, 14, 'Sandbox time (UTC)', { class: 'lane-label' }));
  if (nowY !== undefined) g.append(svg('line', { x1: 0, x2: width, y1: nowY, y2: nowY, class: 'now-line' }), text(width - 6, nowY - 4, `now ${clockTime(now)}`, { class: 'muted-text', 'text-anchor': 'end' }));

  const webhookY = new Map();
  const attemptY = new Map();
  rows.forEach((row, i) => {
    if (row.kind === 'WEBHOOK') webhookY.set(row.eventId, ys[i]);
    if (row.kind === 'DELIVERY_ATTEMPT' || row.kind === 'RETRY_DUE') attemptY.set(`${row.deliveryId}#${row.attempt}`, ys[i]);
  });
  const links = svg('g', { class: 'links' });
  const marks = svg('g', { role: 'list', 'aria-label': 'Timeline steps' });
  rows.forEach((row, i) => {
    const at = ys[i];
    const lane = laneOf(row);
    const x = LANE_X[lane];
    const words = describeStep(row);
    const item = svg('g', { role: 'listitem', 'aria-label': `${clockTime(row.at)} ${words}`, class: 'step', 'data-kind': row.kind, 'data-at': row.at }, title(`${row.at}: ${words}`));
    const previous = rows[i - 1];
    item.append(text(8, at + 4, clockTime(row.at), { class: 'time' }));
    if (previous && ms(row.at) > ms(previous.at)) item.append(text(100, at + 4, duration(ms(row.at) - ms(previous.at)), { class: 'muted-text' }));
    if (row.kind === 'STATUS') {
      const tone = tones(row.status);
      item.append(svg('circle', { cx: x, cy: at, r: 7, class: `dot ${tone}` }));
      const label = text(TEXT_X + 8, at + 4, row.status, { class: `status-text ${tone}` });
      item.append(svg('rect', { x: TEXT_X, y: at - 10, width: row.status.length * 9 + 16, height: 20, rx: 10, class: `pill ${tone}` }), label);
    } else if (row.kind === 'WEBHOOK') {
      item.append(svg('rect', { x: x - 6, y: at - 6, width: 12, height: 12, rx: 2, class: 'dot webhook' }), text(TEXT_X, at + 4, row.eventType, { class: 'strong-text' }));
    } else {
      const delivered = webhookY.get(row.eventId);
      if (delivered !== undefined) links.append(svg('path', { d: `M${LANE_X.WEBHOOK + 6},${delivered} C${LANE_X.WEBHOOK + 40},${delivered} ${x - 40},${at} ${x - 7},${at}`, class: 'link' }));
      const retried = attemptY.get(`${row.deliveryId}#${row.attempt + 1}`);
      if (row.kind === 'DELIVERY_ATTEMPT' && row.retryAt && retried !== undefined) {
        links.append(svg('path', { d: `M${x + 7},${at} C${x + 34},${at} ${x + 34},${retried} ${x + 7},${retried}`, class: 'retry-link', 'marker-end': 'url(#arrow)' }));
      }
      if (row.kind === 'RETRY_DUE') {
        item.append(svg('circle', { cx: x, cy: at, r: 6, class: 'dot due' }), text(TEXT_X, at + 4, `retry ${row.attempt - 1} due: ${row.eventType}`, { class: 'muted-text' }));
      } else {
        const ok = row.succeeded;
        const answer = row.responseStatus !== undefined ? String(row.responseStatus) : 'no answer';
        item.append(
          svg('circle', { cx: x, cy: at, r: 6, class: `dot ${ok ? 'good' : 'bad'}` }),
          svg('text', { x: TEXT_X, y: at + 4 },
            svg('tspan', { class: `status-text ${ok ? 'good' : 'bad'}` }, `${row.attempt === 1 ? 'sent' : `retry ${row.attempt - 1}`} → ${answer}`),
            svg('tspan', { class: 'muted-text' }, `  ${row.eventType} · ${row.durationMs} ms${row.error ? ` · ${row.error}` : ''}${row.retryAt ? ` · retry due ${clockTime(row.retryAt)}` : ''}`)),
        );
      }
    }
    marks.append(item);
  });
  const defs = svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L8,4 L0,8 z', class: 'arrow-head' })));
  g.append(links, marks);
  return svg('svg', { class: 'chart timeline-chart', width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': `Timeline: ${rows.length} steps` }, defs, g);
}

// ---- balance step chart --------------------------------------------------------
/** Round steps in minor units (1, 2, 5 × 10^k) that split [low, high] into about `count` parts. */
function niceTicks(low, high, count = 5) {
  const span = Math.max(high - low, 1);
  const raw = span / count;
  const power = 10 ** Math.max(0, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const first = Math.floor(low / step) * step;
  const ticks = [];
  for (let v = first; v <= high + step / 2 && ticks.length < 12; v += step) ticks.push(v);
  if (ticks[ticks.length - 1] < high) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}
const TIME_STEPS = [1, 5, 10, 30, 60, 300, 600, 1800, 3600, 10800, 21600, 43200, 86400, 604800].map((s) => s * 1000);
function timeTicks(start, end, count = 6) {
  const step = TIME_STEPS.find((s) => (end - start) / s <= count) ?? TIME_STEPS[TIME_STEPS.length - 1];
  const ticks = [];
  for (let t = Math.ceil(start / step) * step; t <= end; t += step) ticks.push(t);
  return { ticks, step };
}
function timeLabel(t, step) {
  const iso = new Date(t).toISOString();
  return step >= 86400000 ? iso.slice(5, 10) : step >= 3600000 ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(11, 19);
}

/**
 * The available balance after each posting of GET /__admin/internal-accounts/{id}/ledger as a step line over
 * sandbox time (from the account's opening at zero to `now`), one marker per posting, and the total balance dashed
 * where pending entries make it differ.
 */
export function balanceChart({ account, currency, postings }, now, width) {
  const height = 300;
  const m = { left: 96, right: 36, top: 34, bottom: 40 };
  const start = Math.min(ms(account.createdAt), ...postings.map((p) => ms(p.at)));
  const end = Math.max(ms(now), ...postings.map((p) => ms(p.at)), start + 1000);
  const values = [0, ...postings.flatMap((p) => [p.balanceAfter, p.totalBalanceAfter])];
  const yTicks = niceTicks(Math.min(...values), Math.max(...values));
  const low = yTicks[0];
  const high = yTicks[yTicks.length - 1] === low ? low + 1 : yTicks[yTicks.length - 1];
  const x = (t) => m.left + ((t - start) / (end - start)) * (width - m.left - m.right);
  const y = (v) => m.top + (1 - (v - low) / (high - low)) * (height - m.top - m.bottom);
  const label = (v) => `${formatMinor(v, currency.decimals, { compact: true })}`;
  const step = (key) => {
    let d = `M${x(start)},${y(0)}`;
    for (const p of postings) d += ` H${x(ms(p.at))} V${y(p[key])}`;
    return `${d} H${x(end)}`;
  };
  const g = svg('g');
  for (const v of yTicks) g.append(svg('line', { x1: m.left, x2: width - m.right, y1: y(v), y2: y(v), class: v === 0 ? 'axis' : 'grid' }), text(m.left - 8, y(v) + 4, label(v), { class: 'tick', 'text-anchor': 'end' }));
  const { ticks, step: tStep } = timeTicks(start, end);
  for (const t of ticks) g.append(svg('line', { x1: x(t), x2: x(t), y1: height - m.bottom, y2: height - m.bottom + 5, class: 'axis' }), text(x(t), height - m.bottom + 18, timeLabel(t, tStep), { class: 'tick', 'text-anchor': x(t) > width - m.right - 40 ? 'end' : 'middle' }));
  g.append(text(m.left - 8, 16, currency.code, { class: 'lane-label', 'text-anchor': 'end' }), text(width - m.right, height - 6, 'sandbox time (UTC)', { class: 'lane-label', 'text-anchor': 'end' }));
  const area = `${step('balanceAfter')} V${y(Math.max(low, 0))} H${x(start)} Z`;
  g.append(svg('path', { d: area, class: 'balance-area' }));
  if (postings.some((p) => p.totalBalanceAfter !== p.balanceAfter)) g.append(svg('path', { d: step('totalBalanceAfter'), class: 'total-line' }));
  g.append(svg('path', { d: step('balanceAfter'), class: 'balance-line' }));
  g.append(svg('line', { x1: x(ms(now)), x2: x(ms(now)), y1: m.top - 6, y2: height - m.bottom, class: 'now-line' }), text(x(ms(now)) - 4, m.top - 10, `now ${clockTime(now)}`, { class: 'muted-text', 'text-anchor': 'end' }));
  const marks = svg('g', { role: 'list', 'aria-label': 'Postings on the chart' });
  for (const p of postings) {
    const words = `${clockTime(p.at)} ${p.change} ${p.direction === 'DEBIT' ? '−' : '+'}${formatMinor(p.amount, currency.decimals)} ${currency.code}: available ${formatMinor(p.balanceAfter, currency.decimals)}, total ${formatMinor(p.totalBalanceAfter, currency.decimals)}`;
    marks.append(svg('circle', { cx: x(ms(p.at)), cy: y(p.balanceAfter), r: 4.5, class: `posting ${p.direction === 'DEBIT' ? 'bad' : 'good'}`, role: 'listitem', 'aria-label': words, 'data-balance-after': p.balanceAfter, 'data-at': p.at }, title(words)));
  }
  g.append(marks);
  const legend = svg('g', { transform: `translate(${m.left + 8}, 14)` },
    svg('line', { x1: 0, x2: 22, y1: 0, y2: 0, class: 'balance-line' }), text(28, 4, 'available balance', { class: 'tick' }),
    svg('line', { x1: 160, x2: 182, y1: 0, y2: 0, class: 'total-line' }), text(188, 4, 'total (with pending)', { class: 'tick' }));
  g.append(legend);
  return svg('svg', { class: 'chart balance-chart', width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': `Balance of ${account.id} over sandbox time: ${postings.length} postings` }, g);
}
