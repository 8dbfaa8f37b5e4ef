import fs from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

/**
 * The README's Node.js is the oldest the project promises (`engines.node`); every package the
 * lockfile installs must run on it, or `npm ci` warns and a package may fail where it is used.
 */
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const oldest = semver.minVersion(pkg.engines.node)!;

it('installs only packages that run on the oldest Node.js the project promises', () => {
  const refusing = Object.entries(lock.packages)
    .filter(([name]) => name)
    .flatMap(([name, p]) => {
      const wanted = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      return wanted && !semver.satisfies(oldest, wanted) ? [`${name.replace(/^.*node_modules\//, '')}@${p.version} needs Node ${wanted}`] : [];
    });
  expect(refusing).toEqual([]);
});

it('names that Node.js in the README', () => {
  const readme = fs.readFileSync('README.md', 'utf8');
  expect(readme).toContain(`Node.js ${oldest.major}.${oldest.minor}`);
});
