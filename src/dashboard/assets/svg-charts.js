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
/** Below this width (a phone) the timeline is drawn compact: narrow lanes at the left, each step's words on lines of their own beside them. */
export const COMPACT_TIMELINE_WIDTH = 560;
/** A compact row's lines of text are this far apart. */
const LINE = 15;

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

/** What an attempt's outcome says first: `sent → 500`, `retry 1 → 200`, `sent → no answer`. */
function attemptOutcome(step) {
  return `${step.attempt === 1 ? 'sent' : `retry ${step.attempt - 1}`} → ${step.responseStatus !== undefined ? String(step.responseStatus) : 'no answer'}`;
}

const attemptTone = (step) => (step.succeeded ? 'good' : 'bad');

/** A status as a coloured pill whose text starts at x, centred on y. */
function statusPill(x, y, status, tone) {
  return [svg('rect', { x, y: y - 10, width: status.length * 9 + 16, height: 20, rx: 10, class: `pill ${tone}` }), text(x + 8, y + 4, status, { class: `status-text ${tone}` })];
}

/**
 * One row per step, the lanes side by side and the words to their right: the time and its gap to the step before
 * in columns of their own, then one line of words.
 */
const WIDE = {
  laneX: { STATUS: 190, WEBHOOK: 275, DELIVERY: 360 },
  textX: 404,
  top: 34,
  /** How far a link between lanes bends out, and a retry's arrow loops out to the right of its lane. */
  bend: 40,
  loop: 34,
  rowHeight: () => 30,
  timeGap: 10,
  header(g, height) {
    for (const [lane, label] of LANES) g.append(text(this.laneX[lane], 14, label, { class: 'lane-label', 'text-anchor': 'middle' }));
    g.append(text(8, 14, 'Sandbox time (UTC)', { class: 'lane-label' }));
  },
  words(item, row, y, gap, tones) {
    item.append(text(8, y + 4, clockTime(row.at), { class: 'time' }));
    if (gap) item.append(text(100, y + 4, gap, { class: 'muted-text' }));
    const x = this.textX;
    if (row.kind === 'STATUS') item.append(...statusPill(x, y, row.status, tones(row.status)));
    else if (row.kind === 'WEBHOOK') item.append(text(x, y + 4, row.eventType, { class: 'strong-text' }));
    else if (row.kind === 'RETRY_DUE') item.append(text(x, y + 4, `retry ${row.attempt - 1} due: ${row.eventType}`, { class: 'muted-text' }));
    else {
      item.append(svg('text', { x, y: y + 4 },
        svg('tspan', { class: `status-text ${attemptTone(row)}` }, attemptOutcome(row)),
        svg('tspan', { class: 'muted-text' }, `  ${row.eventType} · ${row.durationMs} ms${row.error ? ` · ${row.error}` : ''}${row.retryAt ? ` · retry due ${clockTime(row.retryAt)}` : ''}`)));
    }
  },
};

/** Widest characters of the chart's 12 px text, in pixels (capitals, bold): a line of n of them fits in n times this. */
const CHAR_PX = { normal: 7.8, bold: 8.6 };

/** `words` as lines of at most `chars` characters, each broken after a dot or a space where it can be (an event type's area, then its change). */
export function wrapWords(words, chars) {
  const lines = [];
  let rest = words;
  while (rest.length > chars) {
    const cut = Math.max(rest.lastIndexOf('.', chars - 1), rest.lastIndexOf(' ', chars - 1));
    const at = cut > 0 ? cut + 1 : chars;
    lines.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  return [...lines, rest];
}

/** The lines of words of a compact row, after its time, wrapped to the `room` (pixels) beside the lanes. */
function compactLines(row, room) {
  const lines = (words, cls, weight = 'normal') => wrapWords(words, Math.max(8, Math.floor(room / CHAR_PX[weight]))).map((line) => ({ text: line, class: cls }));
  if (row.kind === 'STATUS') return [{ pill: row.status }];
  if (row.kind === 'WEBHOOK') return lines(row.eventType, 'strong-text', 'bold');
  if (row.kind === 'RETRY_DUE') return [...lines(`retry ${row.attempt - 1} due`, 'muted-text'), ...lines(row.eventType, 'muted-text')];
  return [
    ...lines(`${attemptOutcome(row)} · ${row.durationMs} ms`, `status-text ${attemptTone(row)}`, 'bold'),
    ...lines(row.eventType, 'muted-text'),
    ...(row.error ? lines(row.error, 'muted-text') : []),
    ...(row.retryAt ? lines(`retry due ${clockTime(row.retryAt)}`, 'muted-text') : []),
  ];
}

/** A phone's layout, `width` wide: the three lanes narrow at the left, each step's time and words on lines beside them. */
function compactLayout(width) {
  const room = width - 80 - 4;
  return {
    laneX: { STATUS: 14, WEBHOOK: 34, DELIVERY: 54 },
    textX: 80,
    top: 40,
    bend: 10,
    loop: 20,
    rowHeight: (row) => 10 + LINE * (1 + compactLines(row, room).length),
    timeGap: 6,
    header(g) {
      g.append(text(8, 14, 'Status · webhook · delivery', { class: 'lane-label' }), text(8, 28, 'Sandbox time (UTC)', { class: 'muted-text' }));
    },
    words(item, row, y, gap, tones) {
      const x = this.textX;
      item.append(svg('text', { x, y: y + 4 }, svg('tspan', { class: 'time' }, clockTime(row.at)), gap ? svg('tspan', { class: 'muted-text' }, `  ${gap}`) : undefined));
      compactLines(row, room).forEach((line, n) => {
        const lineY = y + LINE * (n + 1);
        item.append(...(line.pill ? statusPill(x, lineY, line.pill, tones(line.pill)) : [text(x, lineY + 4, line.text, { class: line.class })]));
      });
    },
  };
}

/** The steps with each retry still due (a failed attempt's retryAt, when no later attempt of its delivery happened yet), in time order. */
function timelineRows(steps) {
  const rows = [...steps];
  for (const step of steps) {
    if (step.kind !== 'DELIVERY_ATTEMPT' || !step.retryAt) continue;
    const followed = steps.some((s) => s.kind === 'DELIVERY_ATTEMPT' && s.deliveryId === step.deliveryId && s.attempt === step.attempt + 1);
    if (!followed) rows.push({ kind: 'RETRY_DUE', at: step.retryAt, eventId: step.eventId, eventType: step.eventType, deliveryId: step.deliveryId, attempt: step.attempt + 1 });
  }
  return rows.sort((a, b) => ms(a.at) - ms(b.at));
}

/**
 * The steps of GET /__admin/transactions/{id}/timeline as rows down the page, one lane per kind (status, webhook,
 * delivery); each attempt tied to the webhook it delivers, each failure to the retry that followed, and a retry
 * still due after `now` drawn hollow below the line marking now. `tones` colours statuses like the badges.
 * Narrower than COMPACT_TIMELINE_WIDTH (a phone) it is drawn compact, to fit the width it is given.
 */
export function timelineChart({ steps, now }, width, tones) {
  const compact = width < COMPACT_TIMELINE_WIDTH;
  const layout = compact ? compactLayout(width) : WIDE;
  const rows = timelineRows(steps);
  const nowMs = ms(now);
  const ys = [];
  let y = layout.top;
  let nowY;
  rows.forEach((row, i) => {
    const later = i > 0 && ms(row.at) > ms(rows[i - 1].at);
    if (nowY === undefined && ms(row.at) > nowMs) {
      nowY = y + (i > 0 ? 6 : 0);
      y += 14;
    }
    y += i === 0 ? 0 : layout.rowHeight(rows[i - 1]) + (later ? layout.timeGap : 0);
    ys.push(y);
  });
  const height = y + (rows.length > 0 ? layout.rowHeight(rows[rows.length - 1]) - 6 : 24);
  const g = svg('g');
  // Lane rails and headers.
  for (const [lane] of LANES) g.append(svg('line', { x1: layout.laneX[lane], x2: layout.laneX[lane], y1: layout.top - 8, y2: height - 10, class: 'rail' }));
  layout.header(g, height);
  if (nowY !== undefined) g.append(svg('line', { x1: 0, x2: width, y1: nowY, y2: nowY, class: 'now-line' }), text(width - 6, nowY - 4, `now ${clockTime(now)}`, { class: 'muted-text', 'text-anchor': 'end' }));

  const webhookY = new Map();
  const attemptY = new Map();
  rows.forEach((row, i) => {
    if (row.kind === 'WEBHOOK') webhookY.set(row.eventId, ys[i]);
    if (row.kind === 'DELIVERY_ATTEMPT' || row.kind === 'RETRY_DUE') attemptY.set(`${row.deliveryId}#${row.attempt}`, ys[i]);
  });
  const links = svg('g', { class: 'links' });
  const marks = svg('g', { role: 'list', 'aria-label': 'Timeline steps' });
  const webhookX = layout.laneX.WEBHOOK;
  rows.forEach((row, i) => {
    const at = ys[i];
    const x = layout.laneX[laneOf(row)];
    const words = describeStep(row);
    const item = svg('g', { role: 'listitem', 'aria-label': `${clockTime(row.at)} ${words}`, class: 'step', 'data-kind': row.kind, 'data-at': row.at }, title(`${row.at}: ${words}`));
    const previous = rows[i - 1];
    layout.words(item, row, at, previous && ms(row.at) > ms(previous.at) ? duration(ms(row.at) - ms(previous.at)) : undefined, tones);
    if (row.kind === 'STATUS') item.append(svg('circle', { cx: x, cy: at, r: 7, class: `dot ${tones(row.status)}` }));
    else if (row.kind === 'WEBHOOK') item.append(svg('rect', { x: x - 6, y: at - 6, width: 12, height: 12, rx: 2, class: 'dot webhook' }));
    else {
      const delivered = webhookY.get(row.eventId);
      if (delivered !== undefined) links.append(svg('path', { d: `M${webhookX + 6},${delivered} C${webhookX + layout.bend},${delivered} ${x - layout.bend},${at} ${x - 7},${at}`, class: 'link' }));
      const retried = attemptY.get(`${row.deliveryId}#${row.attempt + 1}`);
      if (row.kind === 'DELIVERY_ATTEMPT' && row.retryAt && retried !== undefined) {
        links.append(svg('path', { d: `M${x + 7},${at} C${x + layout.loop},${at} ${x + layout.loop},${retried} ${x + 7},${retried}`, class: 'retry-link', 'marker-end': 'url(#arrow)' }));
      }
      item.append(svg('circle', { cx: x, cy: at, r: 6, class: `dot ${row.kind === 'RETRY_DUE' ? 'due' : attemptTone(row)}` }));
    }
    marks.append(item);
  });
  const defs = svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L8,4 L0,8 z', class: 'arrow-head' })));
  g.append(links, marks);
  return svg('svg', { class: `chart timeline-chart${compact ? ' compact' : ''}`, width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': `Timeline: ${rows.length} steps` }, defs, g);
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
