/** The page behind panEmbedUrl, made for an iframe: plain HTML, no script, every value escaped by hono's html template. */
import { html, raw } from 'hono/html';
import type { RevealedCard } from './card-reveal.service.js';

const STYLE = `
  body { font: 16px/1.4 system-ui, sans-serif; margin: 0; background: transparent; color: #fff; }
  .card { width: 20rem; padding: 1.25rem; border-radius: 12px; background: linear-gradient(135deg, #1f4fd1, #11286b); }
  .pan { font: 1.35rem/1.6 ui-monospace, monospace; letter-spacing: .08em; }
  .row { display: flex; gap: 2rem; margin-top: .5rem; }
  small { display: block; opacity: .8; font-size: .7rem; text-transform: uppercase; }
  .notice { color: #1c2330; }`;

function page(body: unknown) {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Card details</title><style>${raw(STYLE)}</style></head>
<body>${body}</body>
</html>`;
}

export function revealPage({ card, pan, cvv }: RevealedCard) {
  const groups = pan.match(/.{1,4}/g)!.join(' ');
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
  return page(html`<div class="card" aria-label="Card details">
  <div>${card.brand}</div>
  <div class="pan" data-field="pan">${groups}</div>
  <div class="row"><div><small>Expires</small><span data-field="expiry">${expiry}</span></div><div><small>CVV</small><span data-field="cvv">${cvv}</span></div></div>
</div>`);
}

export function revealGonePage(why: string) {
  return page(html`<p class="notice">${why}</p>`);
}
