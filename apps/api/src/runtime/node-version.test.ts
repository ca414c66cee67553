import { describe, expect, it } from 'vitest';
import { unsupportedNode } from './node-version';

describe('unsupportedNode', () => {
  it('accepts Node 24 and newer', () => {
    expect(unsupportedNode('v24.21.0')).toBeUndefined();
    expect(unsupportedNode('v26.10.0')).toBeUndefined();
  });

  it('refuses older or unreadable versions with one line naming the fix', () => {
    const message = unsupportedNode('v20.20.2');
    expect(message).toMatch(/needs Node 24 or newer, this is Node v20\.20\.2/);
    expect(message).toMatch(/npm start/);
    expect(message).not.toMatch(/\n/);
    expect(unsupportedNode('v22.22.0')).toBeDefined();
    expect(unsupportedNode('garbage')).toBeDefined();
  });

  it('is what the running test process satisfies (the suite runs on the project Node)', () => {
    expect(unsupportedNode(process.version)).toBeUndefined();
  });
});
