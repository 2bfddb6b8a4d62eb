import AxeBuilder from '@axe-core/playwright';
import { test, expect, signIn } from './support-fixtures';
test('scratch axe timing', async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!);
  let t = Date.now();
  await page.goto('/balance/topup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  console.log('load', Date.now() - t);
  for (let i = 0; i < 2; i++) { t = Date.now(); const r = await new AxeBuilder({ page }).analyze(); console.log('full', Date.now() - t, r.violations.map(v => v.id + ':' + v.impact).join(',')); }
  for (let i = 0; i < 2; i++) { t = Date.now(); await new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']).analyze(); console.log('colour', Date.now() - t); }
  t = Date.now(); await page.goto('/balance'); await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); console.log('load2', Date.now() - t);
});
