import { describe, expect, it } from 'vitest';
import { productionTwin } from './react-production';

describe('productionTwin (decision 368)', () => {
  const root = 'file:///srv/parcelle/node_modules';

  it('turns the development files of React, React DOM and the scheduler into their production twins', () => {
    expect(productionTwin(`${root}/react/cjs/react.development.js`)).toBe(`${root}/react/cjs/react.production.js`);
    expect(productionTwin(`${root}/react/cjs/react-jsx-runtime.development.js`)).toBe(
      `${root}/react/cjs/react-jsx-runtime.production.js`,
    );
    expect(productionTwin(`${root}/react-dom/cjs/react-dom-server.node.development.js`)).toBe(
      `${root}/react-dom/cjs/react-dom-server.node.production.js`,
    );
    expect(productionTwin(`${root}/scheduler/cjs/scheduler.development.js`)).toBe(
      `${root}/scheduler/cjs/scheduler.production.js`,
    );
  });

  it('points React Router at the production build it ships beside its development one', () => {
    expect(productionTwin(`${root}/react-router/dist/development/index.mjs`)).toBe(
      `${root}/react-router/dist/production/index.mjs`,
    );
    expect(productionTwin(`${root}/react-router/dist/development/chunk-AB12.mjs`)).toBe(
      `${root}/react-router/dist/production/chunk-AB12.mjs`,
    );
  });

  it('leaves every other file alone, other packages’ development files included', () => {
    for (const url of [
      `${root}/react/index.js`,
      `${root}/react/cjs/react.production.js`,
      `${root}/other/cjs/thing.development.js`,
      `${root}/react-router-extra/dist/development/index.mjs`,
      'node:fs',
    ]) {
      expect(productionTwin(url)).toBe(url);
    }
  });
});
