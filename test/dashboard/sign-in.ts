/** The dashboard opened in a new page and signed in as a client, as a person would: the Customers page showing. */
import type { Browser, Page } from 'playwright-core';

export async function signIn(browser: Browser, origin: string, client: { id: string; secret: string }, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${origin}/__admin`);
  await page.getByLabel('Client id').fill(client.id);
  await page.getByLabel('Client secret').fill(client.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
  return page;
}
