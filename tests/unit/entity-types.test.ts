import fs from 'node:fs';
import { expect, it } from 'vitest';
import { generate, OUT } from '../../src/shared/gen-types.js';

it('keeps the entity types in step with the schemas (run `npm run types`)', async () => {
  expect(fs.readFileSync(OUT, 'utf8')).toBe(await generate());
});
