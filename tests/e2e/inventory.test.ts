/**
 * The simple inventory's generated screens: a category added from its list's dialog, an item
 * added under it with the spec's messages first, and the item's edit form with its category
 * locked.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, expectAccessible, openFromMenu, pick, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;

beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

it('adds a category and an item under it, then edits the item with its category locked', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await openFromMenu(page, 'Categories');
  await page.waitForURL('**/inventory/category');
  await page.locator('.ant-table-row', { hasText: 'Furniture' }).waitFor();
  await page.getByRole('button', { name: 'Add Category' }).click();
  const box = page.locator('.ant-modal:visible');
  await box.getByRole('button', { name: /^(save|submit)$/i }).click();
  await box.getByText('Please input category name', { exact: true }).first().waitFor();
  await box.getByLabel(/^category/i).fill('Music');
  await box.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'New Category Added').waitFor();
  await page.locator('.ant-table-row', { hasText: 'Music' }).waitFor();
  await expectAccessible(page, 'inventory categories');

  await openFromMenu(page, 'Items');
  await page.waitForURL('**/inventory/list');
  await page.locator('.ant-table-row', { hasText: 'Student desk' }).waitFor();
  await expectAccessible(page, 'inventory list');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.waitForURL('**/inventory/new');
  await page.getByRole('button', { name: /^(save|submit)$/i }).click();
  for (const message of ['Please Select Category', 'Please enter name', 'Quantity is required']) {
    await page.getByText(message, { exact: true }).first().waitFor();
  }
  await pick(page, 'Category', 'Music');
  await page.getByLabel(/^item name/i).fill('Tabla');
  await page.getByLabel(/^quantity/i).fill('4');
  await page.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'New Item Added').waitFor();

  const item = await e.demoDb.selectFrom('inv_item').selectAll().where('item_name', '=', 'Tabla').executeTakeFirstOrThrow();
  expect(item.quantity).toBe(4);
  await page.goto(`/inventory/edit/${item.id}`);
  const category = page.locator('.ant-form-item', { has: page.getByText('Category', { exact: true }) }).first();
  await category.locator('.ant-select-selection-item', { hasText: 'Music' }).waitFor();
  expect(await category.locator('.ant-select-disabled').count()).toBe(1);
  await expectAccessible(page, 'inventory item edit');
  await page.getByLabel(/^quantity/i).fill('6');
  await page.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'Item Updated').waitFor();
  await expect.poll(async () => (await e.demoDb.selectFrom('inv_item').select('quantity').where('id', '=', item.id).executeTakeFirstOrThrow()).quantity).toBe(6);
});
