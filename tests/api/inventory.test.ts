/** The simple inventory (spec 3): categories, items with the spec's messages, the category fixed once an item is added. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let furniture: number;
let sports: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);

describe('categories', () => {
  it("adds and lists categories with 'New Category Added'", async () => {
    const res = await call('PUT /simple/inventory/category/', { name: 'Furniture' });
    expect(res.body).toMatchObject({ success: true, message: 'New Category Added', data: { name: 'Furniture' } });
    furniture = res.body.data.id;
    sports = (await call('PUT /simple/inventory/category/', { name: 'Sports' })).body.data.id;
    const list = await call('GET /simple/inventory/category/');
    expect(list.body.data.map((c: any) => c.name)).toEqual(['Furniture', 'Sports']);
  });

  it("says 'Please input category name' for a blank name, and 'Failed to add' for a second of the same name", async () => {
    for (const body of [{}, { name: '' }, { name: '  ' }]) {
      const res = await call('PUT /simple/inventory/category/', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please input category name');
    }
    const twice = await call('PUT /simple/inventory/category/', { name: 'Furniture' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Failed to add');
  });
});

describe('items', () => {
  it("adds an item with 'New Item Added', reads it with its category, and lists it", async () => {
    const res = await call('PUT /simple/inventory/', { category_id: furniture, item_name: 'Desk', quantity: 40 });
    expect(res.body).toMatchObject({ success: true, message: 'New Item Added', data: { item_name: 'Desk', quantity: 40, category_id: furniture, category: 'Furniture' } });
    const one = await call(`GET /simple/inventory/${res.body.data.id}/`);
    expect(one.body.data).toMatchObject({ item_name: 'Desk', category: 'Furniture', quantity: 40 });
    const list = await call('GET /simple/inventory/');
    expect(list.body.data).toEqual([expect.objectContaining({ item_name: 'Desk', category: 'Furniture', quantity: 40 })]);
    const cats = await call('GET /simple/inventory/category/');
    expect(cats.body.data.find((c: any) => c.id === furniture)).toMatchObject({ items_count: 1 });
  });

  it("gives the spec's messages and stores nothing", async () => {
    const item = { category_id: furniture, item_name: 'Chair', quantity: 10 };
    for (const [body, message] of [
      [{ ...item, category_id: undefined }, 'Please Select Category'],
      [{ ...item, category_id: null }, 'Please Select Category'],
      [{ ...item, item_name: undefined }, 'Please enter name'],
      [{ ...item, item_name: ' ' }, 'Please enter name'],
      [{ ...item, quantity: undefined }, 'Quantity is required'],
      [{ ...item, quantity: null }, 'Quantity is required'],
      [{ ...item, quantity: -1 }, 'Quantity cannot be negative'],
      [{ ...item, category_id: 999999 }, 'Category not found'],
    ] as const) {
      const res = await call('PUT /simple/inventory/', JSON.parse(JSON.stringify(body)));
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const chairs = await schoolDb(t, s).selectFrom('inv_item').select('id').where('item_name', '=', 'Chair').execute();
    expect(chairs).toHaveLength(0);
  });

  it('updates the name and quantity, refuses a change of category, and deletes', async () => {
    const { id } = (await call('PUT /simple/inventory/', { category_id: sports, item_name: 'Football', quantity: 5 })).body.data;
    const edited = await call(`POST /simple/inventory/${id}/`, { item_name: 'Football (size 5)', quantity: 8, category_id: sports });
    expect(edited.body).toMatchObject({ success: true, data: { item_name: 'Football (size 5)', quantity: 8, category: 'Sports' } });
    const moved = await call(`POST /simple/inventory/${id}/`, { category_id: furniture });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('Category cannot be changed');
    expect((await call(`GET /simple/inventory/${id}/`)).body.data.category_id).toBe(sports);
    expect((await call(`DELETE /simple/inventory/${id}/`)).body.success).toBe(true);
    expect((await call(`GET /simple/inventory/${id}/`)).status).toBe(404);
  });

  it('is for the office only', async () => {
    for (const role of ['1', '2', '5', '6', '7']) {
      expect((await call('GET /simple/inventory/', undefined, s.tokens[role])).status, role).toBe(403);
      expect((await call('PUT /simple/inventory/category/', { name: `Role ${role}` }, s.tokens[role])).status, role).toBe(403);
    }
    expect((await call('PUT /simple/inventory/', { category_id: sports, item_name: 'Bat', quantity: 2 }, s.tokens['admin-read'])).status).toBe(403);
    expect((await call('PUT /simple/inventory/', { category_id: sports, item_name: 'Bat', quantity: 2 }, s.tokens['3'])).status).toBe(200);
  });
});
