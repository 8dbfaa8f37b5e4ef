/**
 * The TypeScript type of a school's configuration file, from its published JSON Schema
 * (config/school-config.schema.json), so the file's shape is written once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { ROOT, type Generated } from './paths.js';

export async function generateSchoolConfigType(): Promise<Generated> {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'config/school-config.schema.json'), 'utf8'));
  const ts = await compile({ ...schema, $id: undefined, title: 'SchoolConfigFile' }, 'SchoolConfigFile', {
    bannerComment: '/* Generated from config/school-config.schema.json by `npm run generate`; do not edit. */',
    additionalProperties: false, strictIndexSignatures: false, format: false, ignoreMinAndMaxItems: true,
  });
  return { 'src/generated/school-config.ts': ts };
}
