/** The text of each End User Terms version, outside the API (no credentials): what GET /customers/end-user-terms links to. */
import type { Env, Hono } from 'hono';
import { END_USER_TERMS_PATH, END_USER_TERMS_VERSIONS } from './end-user-terms.js';

function termsPage(version: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>End User Terms ${version}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main>
<h1>End User Terms, version ${version}</h1>
<p>These are the sandbox's stand-in End User Terms. In the sandbox no agreement is formed: a customer's
<code>endUserTermsConsent</code> names this version (<code>${version}</code>), when and from which IP address it
was accepted, and how (<code>CHECKBOX</code> or <code>CLICK_TO_ACCEPT</code>).</p>
</main></body></html>`;
}

export function registerEndUserTermsPage<E extends Env>(app: Hono<E>): void {
  app.get(`${END_USER_TERMS_PATH}/:version`, (c) => {
    const version = c.req.param('version');
    // Only known versions are rendered, so nothing from the path reaches the page.
    if (!END_USER_TERMS_VERSIONS.includes(version)) return c.text('No such version of the End User Terms', 404);
    return c.html(termsPage(version));
  });
}
