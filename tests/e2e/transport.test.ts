/**
 * Transport in Chromium: the office places a stop by typed coordinates while the map's tiles cannot
 * load, and makes a route with its stops; then the demo driver starts a trip on a phone with an
 * emulated location, and the demo parent's phone (390 px) follows the bus, is told once that it is
 * close, and says plainly when the bus has gone quiet. The tests serve their own tile.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { png } from '../../src/server/platform/png.js';
import { DEMO, pick, signIn, startE2E, type E2E } from './support.js';

let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 60_000);
afterAll(() => e?.close());

/** One map tile of our own, pale green, for every tile the map asks for. */
const TILE = png(256, 256, () => [220, 236, 214]);
const TILES = /tile\.openstreetmap\.org/;
const serveTiles = (context: BrowserContext) => context.route(TILES, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));

it('places a stop by typed coordinates when the map cannot load, and makes a route with its stops', async () => {
  const { context, page } = await e.newPage();
  await context.route(TILES, (route) => route.abort());
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/transportation/stops/new');
  await page.getByTestId('map-blank').waitFor();
  expect(await page.getByTestId('map-blank').textContent()).toContain('Type the latitude and longitude instead');
  await page.getByLabel(/^Name/).fill('Sony World Signal');
  await page.getByLabel(/^Latitude/).fill('12.9366');
  await page.getByLabel(/^Longitude/).fill('77.6269');
  // The pin follows the typed coordinates; dragged east, it sets a larger longitude.
  const marker = page.locator('.bus-map-pin');
  await marker.waitFor();
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Number(await page.getByLabel(/^Longitude/).inputValue())).toBeGreaterThan(77.6269);
  await page.getByLabel(/^Latitude/).fill('12.9366');
  await page.getByLabel(/^Longitude/).fill('77.6269');
  await page.getByRole('button', { name: /submit|save/i }).click();
  await page.getByText('New Stop Added').waitFor();
  const stop = await e.demoDb.selectFrom('bus_stop').select(['id', 'lat', 'lon']).where('name', '=', 'Sony World Signal').executeTakeFirstOrThrow();
  expect([Number(stop.lat), Number(stop.lon)]).toEqual([12.9366, 77.6269]);

  await page.goto('/transportation/routes/new');
  await page.getByLabel(/^Name/).fill('Route 3 Sony World (Morning)');
  await pick(page, 'Source', 'Sony World Signal');
  await pick(page, 'Destination', 'Demo Public School');
  await pick(page, 'Driver', 'Ravi Kumar S');
  await pick(page, 'Vehicle', 'Bus 2');
  await page.getByLabel('Towards school').check();
  await page.getByRole('button', { name: /submit|save/i }).click();
  await page.getByText('New Route Added').waitFor();
  const route = await e.demoDb.selectFrom('bus_route').select('id').where('name', '=', 'Route 3 Sony World (Morning)').executeTakeFirstOrThrow();

  await page.goto(`/transportation/routes/stops/${route.id}/edit`);
  await page.getByRole('button', { name: 'Add Stop' }).click();
  await page.locator('.ant-select', { has: page.getByLabel('Stop 2') }).click();
  await page.keyboard.type('Domlur');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Domlur Flyover' }).click();
  await page.getByLabel('Arrival time of stop 2').fill('07:40');
  await page.getByLabel('Amount of stop 2').fill('6000');
  await page.getByLabel('Arrival time of stop 3').fill('07:55');
  await page.getByLabel('Amount of stop 3').fill('0');
  await page.getByRole('button', { name: 'Save Stops' }).click();
  await page.getByText('Route Stops Added').waitFor();
  const stops = await e.demoDb.selectFrom('bus_route_stop').select('arr_time').where('route', '=', route.id).orderBy('position').execute();
  expect(stops.map((s) => s.arr_time)).toEqual([null, '07:40', '07:55']);
  await context.close();
}, 60_000);

it('shows the parent the bus as the driver moves, tells them once, and says when it has gone quiet', async () => {
  // The driver's phone, at Koramangala with its location shared.
  const driver = await e.newPage({ phone: true });
  await serveTiles(driver.context);
  await driver.context.grantPermissions(['geolocation']);
  await driver.context.setGeolocation({ latitude: 12.9352, longitude: 77.6245, accuracy: 10 });
  await signIn(driver.page, DEMO.code, 'driver@demo01.school');
  await driver.page.waitForURL(/\/transportation\/driver/);
  await driver.page.getByRole('listitem').filter({ hasText: 'Route 1 Koramangala (Morning)' }).getByRole('button', { name: 'Start Trip' }).click();
  await driver.page.getByText('Trip Started').waitFor();
  await driver.page.getByTestId('last-sent').waitFor();

  // The parent's phone, the clock under the test's hand for the quiet bus.
  const parent = await e.newPage({ phone: true });
  await serveTiles(parent.context);
  await parent.page.clock.install();
  await signIn(parent.page, DEMO.code, DEMO.parentMobile);
  await parent.page.goto('/transportation/live');
  const position = parent.page.getByTestId('bus-position');
  await expect.poll(() => position.textContent(), { timeout: 15_000 }).toBe('12.93520, 77.62450');
  expect(await parent.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await parent.page.locator('.leaflet-tile-loaded').first().waitFor();

  // The bus moves towards Ejipura: the parent's map follows.
  await driver.context.setGeolocation({ latitude: 12.9401, longitude: 77.6275, accuracy: 10 });
  await expect.poll(() => position.textContent(), { timeout: 15_000 }).toBe('12.94010, 77.62750');
  expect(await parent.page.getByTestId('bus-eta').textContent()).toMatch(/In about \d+ min|Now/);

  // Told once a trip for each child, however many positions came.
  const trip = await e.demoDb.selectFrom('bus_trip').select('id').where('end_time', 'is', null).executeTakeFirstOrThrow();
  const alerts = await e.demoDb.selectFrom('bus_approach_alert').select('student_id').where('trip_id', '=', trip.id).execute();
  const parentUser = await e.demoDb.selectFrom('user').select('id').where('username', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  const notes = await e.demoDb.selectFrom('notification').select('body').where('user_id', '=', parentUser.id).where('title', '=', 'School bus approaching').execute();
  // Every rider within ten minutes is told, each once; the demo parent's two children among them.
  expect(alerts.length).toBeGreaterThanOrEqual(2);
  expect(new Set(alerts.map((a) => a.student_id)).size).toBe(alerts.length);
  expect(notes).toHaveLength(2);

  // The driver's phone goes quiet: past a minute the parent is told instead of shown a bus.
  await driver.context.close();
  await parent.page.clock.fastForward(70_000);
  await parent.page.getByTestId('bus-stale').waitFor();
  expect(await parent.page.getByTestId('bus-position').count()).toBe(1);
  expect(await parent.page.locator('.bus-map-bus').count()).toBe(0);
  await parent.context.close();
}, 90_000);
